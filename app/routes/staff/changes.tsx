import type { Route } from "./+types/changes";
import { databaseContext } from "~/platform/context";
import { RecentChangesList } from "~/staff/recent-changes-view";
import { RECENT_CHANGES_LIMIT } from "~/staff/recent-changes";
import { recentChanges } from "~/staff/recent-changes.server";
import { staffClaims, staffPageHeaders } from "~/staff/session.server";
import { staffMeta } from "~/staff/staff-meta";

export async function loader({ context }: Route.LoaderArgs) {
  const db = await context.get(databaseContext)();
  return { changes: await recentChanges(db, staffClaims(context)) };
}

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Recent changes", matches);

export const headers: Route.HeadersFunction = staffPageHeaders;

export default function ChangesPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-4xl tracking-tight">Recent changes</h1>
      <p className="mt-2 text-lg text-muted-foreground">
        The {RECENT_CHANGES_LIMIT} newest changes to the site, the staff list and the enquiries, by
        whom and when.
      </p>
      <RecentChangesList changes={loaderData.changes} />
    </>
  );
}
