import type { Route } from "./+types/events";
import { CleanSlate } from "~/staff/editor/clean-slate-form";
import { cleanSlate, sampleRowCounts } from "~/staff/editor/clean-slate.server";
import { staffAction } from "~/staff/editor/staff-action.server";
import { pastEventsForStaff, upcomingEventsForStaff } from "~/events/editor/event-editor.server";
import { EventsList } from "~/events/editor/events-page";
import { readAsStaff } from "~/staff/editor/editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { staffMeta } from "~/staff/staff-meta";

const PAST_PER_PAGE = 20;

/** The page of past events the address asks for (the list opens at 1). */
function pastPage(request: Request): number | null {
  const raw = new URL(request.url).searchParams.get("past");
  if (raw === null) return null;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const now = new Date();
  const page = pastPage(request);
  const [upcoming, past, samples] = await readAsStaff(
    context,
    async (tx) =>
      [
        await upcomingEventsForStaff(tx, now),
        await pastEventsForStaff(tx, now, { page: page ?? 1, perPage: PAST_PER_PAGE }),
        (await sampleRowCounts(tx)).events,
      ] as const,
  );
  return { upcoming, past: past.events, morePast: past.more, page, samples };
}

/** The clean slate: the sample events removed. */
export const action = staffAction([cleanSlate("events", "/staff/events")]);

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Events", matches);
export const headers: Route.HeadersFunction = staffPageHeaders;

export default function StaffEventsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <EventsList {...loaderData} />
      <CleanSlate
        count={loaderData.samples}
        what={{ one: "event", many: "events" }}
        actionData={actionData}
      />
    </>
  );
}
