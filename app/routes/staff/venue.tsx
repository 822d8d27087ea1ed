import type { Route } from "./+types/venue";
import { CleanSlate } from "~/staff/editor/clean-slate-form";
import { cleanSlate } from "~/staff/editor/clean-slate.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { readAsStaff } from "~/staff/editor/editor.server";
import { moveRows } from "~/staff/editor/move-rows.server";
import { staffAction } from "~/staff/editor/staff-action.server";
import { staffMeta } from "~/staff/staff-meta";
import { venueAnchor } from "~/venue/editor/venue-editor";
import { VENUE_ROWS, packagesForStaff, spacesForStaff } from "~/venue/editor/venue-editor.server";
import { VenueLists } from "~/venue/editor/venue-page";

export async function loader({ context }: Route.LoaderArgs) {
  const [spaces, packages] = await readAsStaff(context, async (tx) => [
    await spacesForStaff(tx),
    await packagesForStaff(tx),
  ]);
  return { spaces, packages };
}

/** Moving a space or package up or down its list. */
export const action = staffAction([
  moveRows(VENUE_ROWS, (list, id) => `/staff/venue#${venueAnchor(list, id)}`),
  cleanSlate("venue", "/staff/venue"),
]);

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Venue", matches);
export const headers: Route.HeadersFunction = staffPageHeaders;

export default function StaffVenuePage({ loaderData, actionData }: Route.ComponentProps) {
  const { spaces, packages } = loaderData;
  return (
    <>
      <VenueLists {...loaderData} />
      <CleanSlate
        count={[...spaces, ...packages].filter((row) => row.sample).length}
        what={{ one: "space or package", many: "spaces and packages" }}
        actionData={actionData}
      />
    </>
  );
}
