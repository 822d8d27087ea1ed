import { listWords } from "~/platform/list-words";
import { eventEnd } from "~/events/events";
import { getEvents } from "~/events/events.server";
import type { DailyHours } from "~/hours/opening-hours";
import { formatWallTime } from "~/platform/clock/time-words";
import {
  addDays,
  torontoDate,
  torontoInstant,
  weekdayOf,
  type WallTime,
} from "~/platform/clock/toronto-time";
import type { Database } from "~/platform/database/database.server";
import { specialEndOn, specialsOn } from "~/specials/specials";
import { getSpecials } from "~/specials/specials.server";

/** `time` on the night that opens on `date` with `hours`: after midnight when at or before opening. */
const onTheNight = (date: string, hours: DailyHours, time: WallTime) =>
  torontoInstant(time > hours.opensAt ? date : addDays(date, 1), time);

/**
 * After closing early, or the kitchen closing early, on the night opening
 * on `date`: what that cuts short, in words for the save's toast. Specials
 * of the night that were to run past the new time (visitors now see them end
 * when the pub closes), those that would start after it (not on tonight),
 * and events that run past it, which are staff's to change. "" for nothing.
 */
export async function runsPast(
  tx: Database,
  date: string,
  hours: DailyHours,
  time: WallTime,
  what: "closing" | "the kitchen closing",
): Promise<string> {
  const at = onTheNight(date, hours, time);
  const specials = specialsOn(date, weekdayOf(date), await getSpecials(tx, date));
  const cut: string[] = [];
  const gone: string[] = [];
  for (const special of specials) {
    if (special.startsAt && onTheNight(date, hours, special.startsAt) >= at)
      gone.push(special.title);
    else if (special.endsAt) {
      const end = specialEndOn(date, special) ?? onTheNight(date, hours, special.endsAt);
      if (end > at) cut.push(special.title);
    }
  }
  const events = (await getEvents(tx, torontoInstant(date, "00:00")))
    .filter((event) => event.status !== "cancelled")
    .filter((event) => torontoDate(new Date(event.startsAt)) === date && eventEnd(event) > at)
    .map((event) => event.title);

  const clock = formatWallTime(time);
  const sentences = [
    cut.length > 0
      ? what === "closing"
        ? `${listWords(cut)} now ${cut.length === 1 ? "shows" : "show"} ending at ${clock}.`
        : `${listWords(cut)} ${cut.length === 1 ? "runs" : "run"} past ${clock}: change ${cut.length === 1 ? "it" : "them"} on the specials page if ${cut.length === 1 ? "it is" : "they are"} food.`
      : "",
    gone.length > 0
      ? what === "closing"
        ? `${listWords(gone)} ${gone.length === 1 ? "is" : "are"} not on tonight.`
        : `${listWords(gone)} ${gone.length === 1 ? "starts" : "start"} after ${clock}.`
      : "",
    events.length > 0
      ? `${listWords(events)} ${events.length === 1 ? "runs" : "run"} past ${what === "closing" ? "closing" : "the kitchen's closing"}: change or cancel ${events.length === 1 ? "it" : "them"} on the events page.`
      : "",
  ];
  return sentences.filter(Boolean).join(" ");
}
