import { formatLongDate, formatTimeRange, torontoDateTime } from "~/platform/clock/time-words";
import { formatPrice } from "~/platform/money";
import type { EventStatus, PubEvent } from "./events";

/** About what a search result shows of a description before it cuts it. */
export const SEARCH_DESCRIPTION_MAX = 160;

/** Where an event stands, as a label: "On as planned", "Postponed", "Sold out". */
export const EVENT_STATUS_LABELS = {
  scheduled: "On as planned",
  postponed: "Postponed",
  rescheduled: "Rescheduled",
  cancelled: "Cancelled",
  "sold-out": "Sold out",
} as const satisfies Record<EventStatus, string>;

/**
 * Where a rescheduled event was before it moved: "Moved from Friday,
 * December 4, 8 pm"; null for any other event.
 */
export function eventMovedFrom(
  event: Pick<PubEvent, "status" | "previousStartsAt">,
): string | null {
  if (event.status !== "rescheduled" || !event.previousStartsAt) return null;
  return `Moved from ${eventWhen({ startsAt: event.previousStartsAt, endsAt: null })}`;
}

/** A change of plan in words: "Postponed", "Moved from Friday, December 4, 8 pm"; "" for none. */
export function eventChangeOfPlan(event: Pick<PubEvent, "status" | "previousStartsAt">): string {
  if (event.status === "scheduled") return "";
  return eventMovedFrom(event) ?? EVENT_STATUS_LABELS[event.status];
}

/** "Saturday, December 5, 9 pm – 12:30 am", on Toronto's clock. */
export function eventWhen(event: Pick<PubEvent, "startsAt" | "endsAt">): string {
  const { date } = torontoDateTime(event.startsAt);
  return `${formatLongDate(date)}, ${formatTimeRange(event.startsAt, event.endsAt)}`;
}

/** "Free", or "$10.00 cover". */
export function eventPrice(event: Pick<PubEvent, "priceCents">): string {
  return event.priceCents === null ? "Free" : `${formatPrice(event.priceCents)} cover`;
}

/** The text cut to `max` characters at a word, with an ellipsis when something was left out. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(" "), 0)) || cut;
  return `${atWord.replace(/[\s,;:.·–-]+$/, "")}…`;
}

/**
 * What search results and shared links say of an event: when (on Toronto's
 * clock), what it costs, whether it is off, moved or sold out, then what it is,
 * within 160 characters: "Wednesday, December 2, 7:30 pm – 10 pm · Free.
 * Six rounds of general knowledge…".
 */
export function eventSearchDescription(
  event: Pick<
    PubEvent,
    "startsAt" | "endsAt" | "priceCents" | "status" | "previousStartsAt" | "summary" | "description"
  >,
): string {
  const change = eventChangeOfPlan(event);
  const plan = change ? `${change}. ` : "";
  const about = (event.summary || event.description).replace(/\s+/g, " ").trim();
  return clip(
    `${eventWhen(event)} · ${eventPrice(event)}. ${plan}${about}`.trim(),
    SEARCH_DESCRIPTION_MAX,
  );
}
