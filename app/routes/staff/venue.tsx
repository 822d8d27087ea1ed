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
import { VENUE_PATH, VenueLists } from "~/venue/editor/venue-page";
import { isReordering } from "~/platform/ui/reorder-mode";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [spaces, packages] = await readAsStaff(context, async (tx) => [
    await spacesForStaff(tx),
    await packagesForStaff(tx),
  ]);
  return { spaces, packages, reordering: isReordering(new URL(request.url).searchParams) };
}

/** Moving a space or package up or down its list, in reorder mode. */
export const action = staffAction([
  moveRows(VENUE_PATH, VENUE_ROWS, venueAnchor),
  cleanSlate("venue", "/staff/venue"),
]);

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Venue", matches);
export const headers: Route.HeadersFunction = staffPageHeaders;

export default function StaffVenuePage({ loaderData, actionData }: Route.ComponentProps) {
  const { spaces, packages, reordering } = loaderData;
  return (
    <>
      <VenueLists {...loaderData} />
      {reordering ? null : (
        <CleanSlate
          count={[...spaces, ...packages].filter((row) => row.sample).length}
          what={{ one: "space or package", many: "spaces and packages" }}
          actionData={actionData}
        />
      )}
    </>
  );
}
