import type { Picture } from "~/images/pictures";
import { fingerprint } from "~/platform/cards";
import { eventChangeOfPlan, eventWhen } from "./event-words";
import type { PubEvent } from "./events";

/**
 * An event's own share card: the picture a link to the event shows in chats
 * and feeds, with its name, date and time, any change of plan and the pub's
 * name, over the event's picture. Its address carries a fingerprint of all
 * of that, so it is kept for a year and changes when any of it does. Safe
 * for the browser: the event page's meta builds the address on either side.
 */

/** Moves when the card's drawing changes, so every kept copy is asked for again. */
export const EVENT_CARD_DESIGN = 1;

/** What an event's card shows. */
export type EventCardText = {
  title: string;
  /** "Saturday, December 5, 9 pm – 12:30 am" */
  when: string;
  /** "Postponed", "Moved from Wednesday, December 9, 7 pm"; "" for an event on as planned. */
  plan: string;
  /** The pub's name. */
  venue: string;
  /** The picture drawn with it (its path and version, so a new picture is a new card); null for none. */
  picture: { path: string; version: string } | null;
};

export function eventCardText(
  event: Pick<PubEvent, "title" | "startsAt" | "endsAt" | "status" | "previousStartsAt">,
  venue: string,
  picture: Picture | null,
): EventCardText {
  return {
    title: event.title.trim(),
    when: eventWhen(event),
    plan: eventChangeOfPlan(event),
    venue: venue.trim(),
    picture: picture ? { path: picture.source.path, version: picture.source.version } : null,
  };
}

/** The fingerprint of a card: everything it shows, and its design. */
export function eventCardVersion(text: EventCardText): string {
  const { title, when, plan, venue, picture } = text;
  const drawn = picture ? `${picture.path}@${picture.version}` : "";
  return fingerprint([EVENT_CARD_DESIGN, title, when, plan, venue, drawn].join("\n"));
}

/** "/events/trivia-night/card.jpg": the card's address without its fingerprint. */
export function eventCardBasePath(event: Pick<PubEvent, "slug">): string {
  return `/events/${event.slug}/card.jpg`;
}

/** "/events/trivia-night/card.jpg?v=1a2b3c4d" */
export function eventCardPath(event: Pick<PubEvent, "slug">, text: EventCardText): string {
  return `${eventCardBasePath(event)}?v=${eventCardVersion(text)}`;
}

/** The card's words, as its description: "Trivia Night, Wednesday, December 2, 7:30 pm – 10 pm, at The Squire". */
export function eventCardAlt({ title, when, plan, venue }: EventCardText): string {
  return [title, plan, when].filter(Boolean).join(", ") + (venue ? `, at ${venue}` : "");
}
