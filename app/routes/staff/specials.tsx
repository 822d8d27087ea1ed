import type { Route } from "./+types/specials";
import { CleanSlate } from "~/staff/editor/clean-slate-form";
import { cleanSlate } from "~/staff/editor/clean-slate.server";
import { torontoDate } from "~/platform/clock/toronto-time";
import { isReordering } from "~/platform/ui/reorder-mode";
import { SPECIAL_LISTS, listSpecials } from "~/specials/editor/specials-editor.server";
import { SPECIALS_PATH, SpecialsList, specialAnchor } from "~/specials/editor/specials-page";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { readAsStaff } from "~/staff/editor/editor.server";
import { moveRows } from "~/staff/editor/move-rows.server";
import { staffAction } from "~/staff/editor/staff-action.server";
import { staffMeta } from "~/staff/staff-meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const specials = await readAsStaff(context, (tx) => listSpecials(tx));
  const reordering = isReordering(new URL(request.url).searchParams);
  return { specials, today: torontoDate(new Date()), reordering };
}

/** Moves a special up or down its day's list, in reorder mode. */
export const action = staffAction([
  moveRows(SPECIALS_PATH, { special: SPECIAL_LISTS }, (_, id) => specialAnchor(id)),
  cleanSlate("specials", "/staff/specials"),
]);

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Specials", matches);
export const headers = staffPageHeaders;

export default function SpecialsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <SpecialsList {...loaderData} />
      {loaderData.reordering ? null : (
        <CleanSlate
          count={loaderData.specials.filter((special) => special.sample).length}
          what={{ one: "special", many: "specials" }}
          actionData={actionData}
        />
      )}
    </>
  );
}
