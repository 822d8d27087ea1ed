import { eventEnd, eventGoesAhead, type PubEvent } from "~/events/events";
import { EVENT_STATUS_LABELS } from "~/events/event-words";
import { getEvents } from "~/events/events.server";
import { lockEventsById, setEventsEnd } from "~/events/editor/event-editor.server";
import { hoursOfNight } from "~/hours/editor/hours-editor.server";
import type { DailyHours } from "~/hours/opening-hours";
import { tonightDate } from "~/platform/clock/pub-day";
import { formatWallTime } from "~/platform/clock/time-words";
import {
  addDays,
  torontoDate,
  torontoInstant,
  weekdayOf,
  type WallTime,
} from "~/platform/clock/toronto-time";
import type { Database } from "~/platform/database/database.server";
import { asOneChange } from "~/platform/database/one-change.server";
import { specialEndOn, specialsOn } from "~/specials/specials";
import { getSpecials } from "~/specials/specials.server";
import type { Closing } from "~/hours/editor/hours-editor";
import type { NightCut, NightEvent } from "./night-cut";

/** `time` on the night that opens on `date` with `hours`: after midnight when at or before opening. */
const onTheNight = (date: string, hours: DailyHours, time: WallTime) =>
  torontoInstant(time > hours.opensAt ? date : addDays(date, 1), time);

/** The night's closing time, the pub's or the kitchen's; null when it has none. */
const closingTime = (hours: DailyHours, closing: Closing) =>
  closing === "closing" ? hours.closesAt : hours.kitchenClosesAt;

const asNightEvent = ({ id, title, startsAt, endsAt }: PubEvent): NightEvent => ({
  id,
  title,
  startsAt,
  endsAt,
});

/**
 * What the night opening on `date` has cut short by its closing time (the
 * pub's, or the kitchen's): the specials of the night that were to run past
 * it (visitors now see them end when the pub closes), those that would start
 * after it, and the events visitors see that run past it, split into those
 * that can end then and those that start after it. Null when the pub is
 * closed that night, or the kitchen has no closing of its own.
 */
export async function nightCut(
  tx: Database,
  date: string,
  closing: Closing,
  now: Date,
): Promise<NightCut | null> {
  const { hours } = await hoursOfNight(tx, date);
  const time = hours ? closingTime(hours, closing) : null;
  if (!hours || !time) return null;
  const at = onTheNight(date, hours, time);

  const specials = specialsOn(date, weekdayOf(date), await getSpecials(tx, date));
  const cut: string[] = [];
  const gone: string[] = [];
  for (const special of specials) {
    // A special starts on its own day, as visitors' pages read it, even before the pub opens.
    if (special.startsAt && torontoInstant(date, special.startsAt) >= at) gone.push(special.title);
    else if (special.endsAt) {
      const end = specialEndOn(date, special) ?? onTheNight(date, hours, special.endsAt);
      if (end > at) cut.push(special.title);
    }
  }

  const events = (await getEvents(tx, torontoInstant(date, "00:00"))).filter(
    (event) => eventGoesAhead(event) && torontoDate(new Date(event.startsAt)) === date,
  );
  const startsBefore = (event: PubEvent) => new Date(event.startsAt) < at;
  return {
    date,
    tonight: date === tonightDate(now),
    closing,
    time,
    cut,
    gone,
    endable: events
      .filter((event) => startsBefore(event) && eventEnd(event) > at)
      .map(asNightEvent),
    startAfter: events.filter((event) => !startsBefore(event)).map(asNightEvent),
    endingThen: events
      .filter((event) => event.endsAt !== null && Date.parse(event.endsAt) === at.getTime())
      .map(asNightEvent),
  };
}

/** An event offered to end at closing, as the offer carries it: its times as they were shown. */
export type OfferedEvent = { id: number; startsAt: number; endsAt: number | null };

/** The offer as posted: the night, which closing, its time then, and the events. */
export type EndEventsOffer = {
  night: string;
  closing: Closing;
  time: WallTime;
  events: readonly OfferedEvent[];
};

/** What ending the events came to: their titles, or why nothing was changed, in words. */
export type EventsEnded = { ok: true; titles: string[] } | { ok: false; reason: string };

const NOTHING_CHANGED = "Nothing was changed.";

/**
 * Ends the offered events at the night's closing time, in the staff
 * member's transaction, as plain updates the audit log records (each undone
 * on its own from Recent changes). All or none: nothing is written unless the
 * night still closes at the time offered and every event is still as it was
 * offered, shown to visitors, on that night, starting before that time and
 * running past it; otherwise the reason, in words.
 */
export async function endEventsAtClosing(
  tx: Database,
  { night, closing, time, events }: EndEventsOffer,
): Promise<EventsEnded> {
  const refuse = (reason: string): EventsEnded => ({ ok: false, reason });
  const { hours } = await hoursOfNight(tx, night);
  const whose = closing === "closing" ? "Closing" : "The kitchen's closing";
  if (!hours) return refuse(`The pub is now closed that night. ${NOTHING_CHANGED}`);
  const current = closingTime(hours, closing);
  if (current !== time) {
    return refuse(
      current
        ? `${whose} that night is now at ${formatWallTime(current)}, not ${formatWallTime(time)}. ${NOTHING_CHANGED}`
        : `The kitchen now stays open until the pub closes that night. ${NOTHING_CHANGED}`,
    );
  }
  const at = onTheNight(night, hours, time);
  const clock = formatWallTime(time);
  const rows = await lockEventsById(
    tx,
    events.map((event) => event.id),
  );
  for (const offered of events) {
    const event = rows.find((row) => row.id === offered.id);
    if (!event) return refuse(`An event offered is no longer there. ${NOTHING_CHANGED}`);
    const name = `“${event.title}”`;
    if (!event.published) return refuse(`${name} is hidden from visitors now. ${NOTHING_CHANGED}`);
    if (!eventGoesAhead(event))
      return refuse(
        `${name} is ${EVENT_STATUS_LABELS[event.status].toLowerCase()} now. ${NOTHING_CHANGED}`,
      );
    const end = event.endsAt === null ? null : Date.parse(event.endsAt);
    if (Date.parse(event.startsAt) !== offered.startsAt || end !== offered.endsAt) {
      return refuse(
        `${name} was changed since it was offered. ${NOTHING_CHANGED} Check its times here, then try again.`,
      );
    }
    if (torontoDate(new Date(event.startsAt)) !== night) {
      return refuse(`${name} is not on that night. ${NOTHING_CHANGED}`);
    }
    if (new Date(event.startsAt) >= at) {
      return refuse(
        `${name} starts at ${clock} or later, so it cannot end then: change or cancel it on its page. ${NOTHING_CHANGED}`,
      );
    }
    if (eventEnd(event) <= at)
      return refuse(`${name} already ends by ${clock}. ${NOTHING_CHANGED}`);
  }
  // However many events, one change in Recent changes, undone as one.
  if (rows.length > 1) await asOneChange(tx, `Ended the night's events at ${clock}`);
  await setEventsEnd(
    tx,
    rows.map((row) => row.id),
    at.toISOString(),
  );
  return { ok: true, titles: rows.map((row) => row.title) };
}
