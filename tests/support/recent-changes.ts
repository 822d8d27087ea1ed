import { action as changesAction, loader as changesLoader } from "~/routes/staff/changes";
import type { RecentChange } from "~/staff/changes/recent-changes";
import type { CookieJar } from "./staff-requests";
import type { StaffHarness } from "./staff-session";

/** The recent changes page's list, as `jar`'s browser reads it, newest first. */
export async function recentChangesAs(
  staff: StaffHarness,
  jar: CookieJar,
): Promise<RecentChange[]> {
  const page = await staff.load(jar, "/staff/changes", changesLoader);
  return ((await page.json()) as { changes: RecentChange[] }).changes;
}

/** "Yes, undo" on change `id`, as `jar`'s browser posts it. */
export function undoAs(staff: StaffHarness, jar: CookieJar, id: number): Promise<Response> {
  return staff.submit(
    jar,
    "/staff/changes",
    { intent: "undo", id: String(id), confirm: "yes" },
    changesAction,
  );
}
