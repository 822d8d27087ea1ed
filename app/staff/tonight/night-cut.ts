import type { Closing } from "~/hours/editor/hours-editor";
import type { WallTime } from "~/platform/clock/toronto-time";
import { formatWallTime } from "~/platform/clock/time-words";
import { listWords } from "~/platform/list-words";

/**
 * What closing earlier on a night cuts short, as the hours page tells it
 * after closing early (or the kitchen closing early): the specials visitors
 * now see ending at the new time, those no longer on, and the events that run
 * past it, which staff may end then in one tap. Words and addresses shared
 * by the server and the page.
 */

/** An event as the notice names it; instants in ISO 8601. */
export type NightEvent = { id: number; title: string; startsAt: string; endsAt: string | null };

export type NightCut = {
  /** The night, by the date it opens on. */
  date: string;
  tonight: boolean;
  closing: Closing;
  /** The closing time that night: the pub's or the kitchen's. */
  time: WallTime;
  /** Specials that were to run past it. */
  cut: string[];
  /** Specials that would start after it. */
  gone: string[];
  /** Events that start before it and run past it: these can end then. */
  endable: NightEvent[];
  /** Events that start at it or after: these cannot end then, only change or go. */
  startAfter: NightEvent[];
  /** Events that end at it already (ended then from this page, or set so). */
  endingThen: NightEvent[];
};

/** Whether a night's notice has anything to say. */
export const saysSomething = (cut: NightCut) =>
  [cut.cut, cut.gone, cut.endable, cut.startAfter, cut.endingThen].some((list) => list.length > 0);

/**
 * An offered event as the offer carries it, "12:<start>-<end>" (milliseconds,
 * the end empty when it has none), so the server can tell whether the event
 * changed since it was offered.
 */
export const eventToken = (event: Pick<NightEvent, "id" | "startsAt" | "endsAt">) =>
  `${event.id}:${Date.parse(event.startsAt)}-${event.endsAt === null ? "" : Date.parse(event.endsAt)}`;

/** "closing", or "the kitchen's closing", as a sentence names it. */
const closingWords = (closing: Closing) =>
  closing === "closing" ? "closing" : "the kitchen's closing";

/** What the night's closing does to its specials, in sentences. */
export function specialsWords({ cut, gone, closing, time, tonight }: NightCut): string[] {
  const clock = formatWallTime(time);
  const one = (list: readonly string[]) => list.length === 1;
  return [
    cut.length > 0
      ? closing === "closing"
        ? `${listWords(cut)} now ${one(cut) ? "shows" : "show"} ending at ${clock}.`
        : `${listWords(cut)} ${one(cut) ? "runs" : "run"} past ${clock}: change ${one(cut) ? "it" : "them"} on the specials page if ${one(cut) ? "it is" : "they are"} food.`
      : "",
    gone.length > 0
      ? closing === "closing"
        ? `${listWords(gone)} ${one(gone) ? "is" : "are"} not on ${tonight ? "tonight" : "that night"}.`
        : `${listWords(gone)} ${one(gone) ? "starts" : "start"} after ${clock}.`
      : "",
  ].filter(Boolean);
}

/** The notice's heading: "Closing at 9 pm tonight", "The kitchen closing at 8 pm on Friday, December 4". */
export function noticeTitle({ closing, time, tonight }: NightCut, longDate: string): string {
  const when = tonight ? "tonight" : `on ${longDate}`;
  const what = closing === "closing" ? "Closing" : "The kitchen closing";
  return `${what} at ${formatWallTime(time)} ${when}`;
}

/** The offer's button: "End it at 9 pm", "End them at 9 pm". */
export const endLabel = (count: number, time: WallTime) =>
  `End ${count === 1 ? "it" : "them"} at ${formatWallTime(time)}`;

/** "runs past closing", "run past the kitchen's closing". */
export const runsPastWords = (count: number, closing: Closing) =>
  `${count === 1 ? "runs" : "run"} past ${closingWords(closing)}`;

/** What ending them did, for its toast: "“Quiz Night” now ends at 9 pm." */
export function endedWords(titles: readonly string[], time: WallTime): string {
  const named = listWords(titles.map((title) => `“${title}”`));
  return `${named} now ${titles.length === 1 ? "ends" : "end"} at ${formatWallTime(time)}. Recent changes can undo it.`;
}
