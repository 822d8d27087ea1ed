import type { RouterContextProvider } from "react-router";
import { eventPath } from "~/events/events";
import { closingOn } from "~/hours/opening-hours";
import { formatLongDate } from "~/platform/clock/time-words";
import { EVENT_STATUS_LABELS, eventWhen } from "~/events/event-words";
import { torontoDate } from "~/platform/clock/toronto-time";
import { formatPrice } from "~/platform/money";
import { siteContent } from "~/site/site-content.server";
import { specialTimeWords, specialsToday } from "~/specials/specials";

/**
 * The blocks an owner drops into a newsletter's text in one tap: today's
 * specials and the next events, in plain text with links to their pages,
 * read as the public pages read them.
 */

/** How many events the events block lists. */
export const EVENTS_IN_BLOCK = 5;

/** Today's specials still on, as the home page lists them; null when there are none. */
export async function specialsBlock(
  context: Readonly<RouterContextProvider>,
  origin: string | null,
  now = new Date(),
): Promise<string | null> {
  const content = siteContent(context);
  const [specials, schedule] = await Promise.all([content.specials(now), content.schedule(now)]);
  const today = torontoDate(now);
  const on = specialsToday(now, specials, closingOn(today, schedule)).filter(
    (special) => !special.ended,
  );
  if (on.length === 0) return null;
  const lines = on.map((special) => {
    const price = special.priceCents === null ? "" : `, ${formatPrice(special.priceCents)}`;
    const description = special.description ? `\n  ${special.description}` : "";
    return `- ${special.title} (${specialTimeWords(special).words}${price})${description}`;
  });
  return [
    `Today's specials, ${formatLongDate(today)}:`,
    ...lines,
    ...(origin ? [`More: ${new URL("/", origin).href}`] : []),
  ].join("\n");
}

/** The next events, as the events page lists them; null when none is coming. */
export async function eventsBlock(
  context: Readonly<RouterContextProvider>,
  origin: string | null,
  now = new Date(),
): Promise<string | null> {
  const events = await siteContent(context).upcomingEvents(now, EVENTS_IN_BLOCK);
  if (events.length === 0) return null;
  const lines = events.map((event) => {
    const when = eventWhen(event);
    const status =
      event.status === "scheduled" ? "" : ` (${EVENT_STATUS_LABELS[event.status].toLowerCase()})`;
    const cover = event.priceCents === null ? "" : `, cover ${formatPrice(event.priceCents)}`;
    const link = origin ? `\n  ${new URL(eventPath(event), origin).href}` : "";
    return `- ${event.title}${status}: ${when}${cover}${link}`;
  });
  return ["Coming up:", ...lines].join("\n");
}

/** `text` with `block` after it, a blank line between. */
export function withBlock(text: string, block: string): string {
  const kept = text.replace(/\s+$/, "");
  return kept ? `${kept}\n\n${block}\n` : `${block}\n`;
}
