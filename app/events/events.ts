import type { ContentImage } from "~/images/content-image";

export const EVENT_STATUSES = ["scheduled", "cancelled", "sold-out"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

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
