import type { Weekday, WallTime } from "~/hours/opening-hours";

export type Special = {
  id: number;
  title: string;
  description: string;
  priceCents: number | null;
  /** Every week on this day; with dates too, only that day within them. */
  weekday: Weekday | null;
  startsOn: string | null;
  endsOn: string | null;
  startsAt: WallTime | null;
  endsAt: WallTime | null;
};

/** The specials that run on a date ("YYYY-MM-DD", with its weekday), in their order. */
export function specialsOn(
  date: string,
  weekday: Weekday,
  specials: readonly Special[],
): Special[] {
  return specials.filter((special) => {
    if (special.weekday !== null && special.weekday !== weekday) return false;
    if (special.startsOn !== null && date < special.startsOn) return false;
    if (special.endsOn !== null && date > special.endsOn) return false;
    // A dated special without an end runs on its start date only.
    if (special.startsOn !== null && special.endsOn === null && special.weekday === null) {
      return date === special.startsOn;
    }
    return true;
  });
}
