import type { Route } from "./+types/venue";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { readAsStaff } from "~/staff/editor/editor.server";
import { moveRows } from "~/staff/editor/move-rows.server";
import { staffAction } from "~/staff/editor/staff-action.server";
import { staffMeta } from "~/staff/staff-meta";
import { VENUE_LISTS, venueAnchor } from "~/venue/editor/venue-editor";
import { moveVenueRow, packagesForStaff, spacesForStaff } from "~/venue/editor/venue-editor.server";
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
  moveRows({
    lists: ["space", "package"],
    move: async (tx, { id, list, direction }) =>
      (await moveVenueRow(tx, VENUE_LISTS[list], id, direction))
        ? `/staff/venue#${venueAnchor(list, id)}`
        : null,
    toast: "Order saved. Visitors see it now.",
  }),
]);

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Venue", matches);
export const headers: Route.HeadersFunction = staffPageHeaders;

export default function StaffVenuePage({ loaderData }: Route.ComponentProps) {
  return <VenueLists {...loaderData} />;
}
