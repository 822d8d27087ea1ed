import type { Route } from "./+types/specials";
import { CleanSlate } from "~/staff/editor/clean-slate-form";
import { cleanSlate } from "~/staff/editor/clean-slate.server";
import { torontoDate } from "~/platform/clock/toronto-time";
import { SPECIAL_LISTS, listSpecials } from "~/specials/editor/specials-editor.server";
import { SpecialsList, specialAnchor } from "~/specials/editor/specials-page";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { readAsStaff } from "~/staff/editor/editor.server";
import { moveRows } from "~/staff/editor/move-rows.server";
import { staffAction } from "~/staff/editor/staff-action.server";
import { staffMeta } from "~/staff/staff-meta";

export async function loader({ context }: Route.LoaderArgs) {
  const specials = await readAsStaff(context, (tx) => listSpecials(tx));
  return { specials, today: torontoDate(new Date()) };
}

/** Moves a special up or down its day's list. */
export const action = staffAction([
  moveRows({ special: SPECIAL_LISTS }, (_, id) => `/staff/specials#${specialAnchor(id)}`),
  cleanSlate("specials", "/staff/specials"),
]);

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Specials", matches);
export const headers = staffPageHeaders;

export default function SpecialsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <SpecialsList specials={loaderData.specials} today={loaderData.today} />
      <CleanSlate
        count={loaderData.specials.filter((special) => special.sample).length}
        what={{ one: "special", many: "specials" }}
        actionData={actionData}
      />
    </>
  );
}
