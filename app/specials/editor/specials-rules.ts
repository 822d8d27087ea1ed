import { z } from "zod";
import type { Special } from "../specials";
import { withThousands } from "~/platform/thousands";
import {
  characterCount,
  cleanLine,
  cleanText,
  overLimitMessage,
} from "~/platform/forms/typed-input";
import { formatLongDate } from "~/platform/clock/time-words";
import {
  TIME_FORMAT_MESSAGE,
  addDays,
  isIsoDate,
  parseWallTime,
} from "~/platform/clock/toronto-time";
import { runsTooLate } from "~/platform/clock/pub-day";
import type { WallTime, Weekday } from "~/platform/clock/toronto-time";
import {
  parseRowChoice,
  readPrice,
  rowChoiceMessage,
  textFields,
} from "~/platform/forms/field-rules";
import {
  DESCRIPTION_MAX,
  PRICE_MAX_CENTS,
  SPECIAL_DAYS_AHEAD,
  TITLE_MAX,
  specialFields,
  type SpecialField,
} from "./specials-editor";

/**
 * The specials editor's rules: one schema run by the action and, loaded
 * lazily, by the browser. They mirror the table's checks (a day or a date,
 * a last day not before the first, no negative price) with messages that
 * say what to do.
 */

/** A special as saved. */
export type SpecialInput = Omit<Special, "id" | "eventDay"> & { published: boolean };

/** A special's fields, seen from `today` (which bounds how far ahead its dates go). */
export function specialSchema(today: string) {
  return textFields(specialFields).transform((values, ctx) => {
    const problems: Partial<Record<SpecialField, string>> = {};
    const add = (field: SpecialField, message: string | null | undefined) => {
      if (message && !problems[field]) problems[field] = message;
    };

    const title = cleanLine(values.title);
    if (title === "") add("title", "Enter the special's name.");
    else if (characterCount(title) > TITLE_MAX) {
      add("title", overLimitMessage(`Keep the name to ${TITLE_MAX} characters or fewer.`, title));
    }
    const description = cleanText(values.description);
    if (characterCount(description) > DESCRIPTION_MAX) {
      add(
        "description",
        overLimitMessage(
          `Keep the description to ${withThousands(DESCRIPTION_MAX)} characters or fewer.`,
          description,
        ),
      );
    }

    const price = readPrice(values.price, { optional: true, maxCents: PRICE_MAX_CENTS });
    if ("problem" in price) add("price", price.problem);
    const priceCents = "cents" in price ? price.cents : null;

    let weekday: Weekday | null = null;
    if (values.weekday !== "") {
      if (/^[0-6]$/.test(values.weekday)) weekday = Number(values.weekday) as Weekday;
      else add("weekday", "Choose a day from the list.");
    }

    const latest = addDays(today, SPECIAL_DAYS_AHEAD);
    const date = (field: "startsOn" | "endsOn"): string | null => {
      const text = values[field].trim();
      if (text === "") return null;
      if (!isIsoDate(text) || text < "2000-01-01") add(field, "Enter a date such as 2026-12-24.");
      else if (text > latest) {
        add(field, `Choose a date up to two years ahead (${formatLongDate(latest)}).`);
      } else return text;
      return null;
    };
    const startsOn = date("startsOn");
    const endsOn = date("endsOn");
    if (values.endsOn.trim() !== "" && values.startsOn.trim() === "") {
      add("startsOn", "Enter the first day too, or leave the last day empty.");
    }
    if (startsOn && endsOn && endsOn < startsOn) {
      add("endsOn", "The last day cannot be before the first day.");
    }
    if (weekday === null && values.weekday === "" && values.startsOn.trim() === "") {
      add("weekday", "Choose a day of the week, a first day, or both.");
    }

    const time = (field: "startsAt" | "endsAt"): WallTime | null => {
      const text = values[field].trim();
      if (text === "") return null;
      const parsed = parseWallTime(text);
      if (!parsed) add(field, TIME_FORMAT_MESSAGE);
      return parsed;
    };
    const startsAt = time("startsAt");
    const endsAt = time("endsAt");
    if (values.endsAt.trim() !== "" && values.startsAt.trim() === "") {
      add("startsAt", "Enter the start time too, or leave the end time empty.");
    }
    if (startsAt && endsAt) {
      if (startsAt === endsAt) add("endsAt", "The end time must differ from the start time.");
      else if (runsTooLate(startsAt, endsAt)) {
        add("endsAt", "The end must be after the start, or after midnight up to 6 am.");
      }
    }

    const chosenEvent = parseRowChoice(values.eventId);
    if (chosenEvent === undefined) add("eventId", rowChoiceMessage("an event"));
    const eventId = chosenEvent ?? null;
    if (values.hidden !== "" && values.hidden !== "on")
      add("hidden", "Tick the box or leave it clear.");

    const found = Object.entries(problems) as [SpecialField, string][];
    if (found.length > 0) {
      for (const [path, message] of found) ctx.addIssue({ code: "custom", path: [path], message });
      return z.NEVER;
    }
    return {
      title,
      description,
      priceCents,
      weekday,
      startsOn,
      endsOn,
      startsAt,
      endsAt,
      eventId,
      published: values.hidden !== "on",
    } satisfies SpecialInput;
  });
}
