import type { ContentImage } from "~/images/content-image";

/**
 * Where an event stands: on as planned, put off with no new date yet,
 * moved to a new date (the earlier one kept), called off, or full.
 */
export const EVENT_STATUSES = [
  "scheduled",
  "postponed",
  "rescheduled",
  "cancelled",
  "sold-out",
] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/**
 * The statuses of an event that does not happen on its date: nothing tied to
 * it shows then. The menu's and the specials' queries name them in their SQL
 * (a domain reads another's table, never its code); their route tests hold
 * each status to it.
 */
export const EVENT_OFF_STATUSES = ["postponed", "cancelled"] as const satisfies EventStatus[];

/** Whether the event happens on its date (so what goes with it shows that day). */
export function eventGoesAhead(event: Pick<PubEvent, "status">): boolean {
  return !(EVENT_OFF_STATUSES as readonly EventStatus[]).includes(event.status);
}

export type PubEvent = {
  id: number;
  slug: string;
  title: string;
  summary: string;
  description: string;
  /** ISO 8601 instants. */
  startsAt: string;
  endsAt: string | null;
  status: EventStatus;
  /** When the event was put on the site (an instant): from then its cover can be paid. */
  listedAt: string;
  /** When a rescheduled event was to start before it moved (an instant); null for any other. */
  previousStartsAt: string | null;
  priceCents: number | null;
  /** Who performs (a band, a quizmaster); empty when there is no one to name. */
  performer: string;
  image: ContentImage | null;
};

/** What the events table lets a slug be (and the editor makes): lowercase words joined by hyphens. */
export function isEventSlug(slug: string): boolean {
  return slug.length <= 200 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug);
}

/** The event's own page. */
export function eventPath(event: Pick<PubEvent, "slug">): string {
  return `/events/${event.slug}`;
}

/** The event's calendar file, for "Add to calendar". */
export function eventCalendarPath(event: Pick<PubEvent, "slug">): string {
  return `/events/${event.slug}.ics`;
}

/** An event without an end time is taken to last this long. */
const ASSUMED_EVENT_LENGTH_MS = 3 * 60 * 60 * 1000;

export function eventEnd(event: PubEvent): Date {
  return event.endsAt
    ? new Date(event.endsAt)
    : new Date(new Date(event.startsAt).getTime() + ASSUMED_EVENT_LENGTH_MS);
}

/** Events not yet over at `now`, soonest first (cancelled ones stay, marked, so nobody turns up). */
export function upcomingEvents(
  events: readonly PubEvent[],
  now: Date,
  limit = Infinity,
): PubEvent[] {
  return events
    .filter((event) => eventEnd(event) > now)
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
    .slice(0, limit);
}
