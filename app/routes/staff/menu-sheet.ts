import type { Route } from "./+types/menu-sheet";
import { listMenuForEditor } from "~/menu/editor/menu-editor.server";
import { menuSheet } from "~/menu/editor/menu-sheet";
import { torontoDate } from "~/platform/clock/toronto-time";
import { STAFF_RESPONSE_HEADERS } from "~/staff/accounts/session.server";
import { readAsStaff } from "~/staff/editor/editor.server";

/** The whole menu, hidden dishes too, as a CSV file to open in a spreadsheet. */
export async function loader({ context }: Route.LoaderArgs) {
  const menu = await readAsStaff(context, listMenuForEditor);
  // A byte-order mark, so a spreadsheet reads the accents and the dashes as UTF-8.
  return new Response(`\uFEFF${menuSheet(menu)}`, {
    headers: {
      ...STAFF_RESPONSE_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="menu-${torontoDate(new Date())}.csv"`,
    },
  });
}
