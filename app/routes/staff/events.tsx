import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import type { Route } from "./+types/events";
import { buttonVariants } from "~/platform/ui/button";
import { Link } from "~/platform/ui/link";
import { eventStatusLabels, type EditableEvent } from "~/events/event-editor";
import { pastEventsForStaff, upcomingEventsForStaff } from "~/events/event-editor.server";
import { formatLongDate, formatTimeRange, torontoDateTime } from "~/platform/clock/time-words";
import { EditorHeading, EditorList, EditorListItem, StatusBadge } from "~/staff/editor/editor-ui";
import { readAsStaff } from "~/staff/editor/editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { staffMeta } from "~/staff/staff-meta";
import type { RouteHandle } from "~/platform/route-needs";

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
  const [upcoming, past] = await readAsStaff(context, async (tx) => [
    await upcomingEventsForStaff(tx, now),
    await pastEventsForStaff(tx, now, { page: page ?? 1, perPage: PAST_PER_PAGE }),
  ]);
  return { upcoming, past: past.events, morePast: past.more, page };
}

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Events", matches);

export const headers: Route.HeadersFunction = staffPageHeaders;

/**
 * No picture is posted here, but posts take the picture editors' limit, as
 * they always have under /staff/events.
 */
export const handle = { transport: { body: "upload" } } satisfies RouteHandle;

function EventItem({ event }: { event: EditableEvent }) {
  const { date } = torontoDateTime(event.startsAt);
  return (
    <EditorListItem
      to={`/staff/events/${event.id}`}
      title={event.title}
      details={`${formatLongDate(date)} ${date.slice(0, 4)}, ${formatTimeRange(event.startsAt, event.endsAt)}`}
      badges={
        event.status !== "scheduled" || !event.published ? (
          <>
            {event.status !== "scheduled" ? (
              <StatusBadge tone="warning">{eventStatusLabels[event.status]}</StatusBadge>
            ) : null}
            {!event.published ? <StatusBadge>Hidden</StatusBadge> : null}
          </>
        ) : undefined
      }
    />
  );
}

const pastLink = (page: number) => `/staff/events?past=${page}#past`;

export default function StaffEventsPage({ loaderData }: Route.ComponentProps) {
  const { upcoming, past, morePast, page } = loaderData;
  return (
    <>
      <EditorHeading
        title="Events"
        intro="What's on, as the home page lists it. Times are on the pub's clock (Toronto)."
        addTo="/staff/events/new"
        addLabel="Add an event"
      />

      <h2 className="mt-10 text-2xl tracking-tight">Coming up</h2>
      {upcoming.length > 0 ? (
        <EditorList label="Upcoming events">
          {upcoming.map((event) => (
            <EventItem key={event.id} event={event} />
          ))}
        </EditorList>
      ) : (
        <p className="mt-3 text-muted-foreground">Nothing booked. Add an event to list it.</p>
      )}

      <details id="past" open={page !== null} className="mt-10 scroll-mt-28">
        <summary className="flex min-h-11 cursor-pointer items-center text-2xl tracking-tight">
          Past events
        </summary>
        {past.length > 0 ? (
          <EditorList label="Past events">
            {past.map((event) => (
              <EventItem key={event.id} event={event} />
            ))}
          </EditorList>
        ) : (
          <p className="mt-3 text-muted-foreground">No past events.</p>
        )}
        {(page ?? 1) > 1 || morePast ? (
          <nav aria-label="Past events pages" className="mt-6 flex flex-wrap gap-3">
            {(page ?? 1) > 1 ? (
              <Link
                to={pastLink((page ?? 1) - 1)}
                className={buttonVariants({ variant: "outline" })}
              >
                <ChevronLeftIcon aria-hidden="true" />
                Later
              </Link>
            ) : null}
            {morePast ? (
              <Link
                to={pastLink((page ?? 1) + 1)}
                className={buttonVariants({ variant: "outline" })}
              >
                Earlier
                <ChevronRightIcon aria-hidden="true" />
              </Link>
            ) : null}
          </nav>
        ) : null}
      </details>
    </>
  );
}
