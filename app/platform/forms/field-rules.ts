import { z } from "zod";
import { formatPrice } from "../money";
import {
  EMAIL_MAX,
  characterCount,
  cleanLine,
  cleanText,
  overLimitMessage,
  parseDollars,
} from "./typed-input";

/**
 * zod field rules the staff editors share: single-line and long text with
 * limits, web-address names, money in dollars, whole numbers, lists. Imported
 * only by the editors' rules modules (zod stays out of public pages).
 */

const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A row's id as an address or a form's list sends it: a positive whole number. */
export const ROW_ID_PATTERN = /^[1-9]\d{0,14}$/;

/**
 * A choice from a list of rows that may be left as none (a special's or a
 * dish's event): the row's id, null for none (""), or undefined for anything
 * no list could send.
 */
export function parseRowChoice(text: string): number | null | undefined {
  const value = text.trim();
  if (value === "") return null;
  return ROW_ID_PATTERN.test(value) ? Number(value) : undefined;
}

/** What a choice of `what` ("an event") says of anything no list could send. */
export const rowChoiceMessage = (what: string) => `Choose ${what} from the list, or none.`;

/** `parseRowChoice` as a field rule for a choice of `what` ("an event"). */
export function rowChoiceSchema(what: string) {
  const message = rowChoiceMessage(what);
  return z.string().transform((text, context) => {
    const id = parseRowChoice(text);
    if (id !== undefined) return id;
    context.addIssue({ code: "custom", message });
    return z.NEVER;
  });
}

/** A title as a web-address name: "Live Music: Kettle & Crow" → "live-music-kettle-crow". */
export function slugify(text: string, max = 80): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, max)
    .replace(/^-+|-+$/g, "");
}

/**
 * Refuses text over `max` characters, saying how many it has: what was typed
 * is never cut to fit (the form gives it back whole, to shorten).
 */
function atMost(max: number, tooLong: string) {
  return (value: string, context: z.RefinementCtx) => {
    if (characterCount(value) > max) {
      context.addIssue({ code: "custom", message: overLimitMessage(tooLong, value) });
    }
  };
}

/** Text of one line, required or not, at most `max` characters. */
export function lineSchema({
  max,
  required,
  tooLong,
}: {
  max: number;
  required?: string;
  tooLong: string;
}) {
  return z
    .string({ error: required ?? tooLong })
    .transform(cleanLine)
    .refine((value) => !required || value.length > 0, required)
    .superRefine(atMost(max, tooLong));
}

/**
 * An email address on one line, of at most EMAIL_MAX characters. `required`
 * asks for it in the form's own words; `example` shows the shape in the
 * refusal ("such as name@example.com").
 */
export function emailSchema({
  required,
  example = "name@example.com",
}: {
  required: string;
  example?: string;
}) {
  return z
    .string({ error: required })
    .transform(cleanLine)
    .refine((value) => value.length > 0, required)
    .refine(
      (value) => value.length <= EMAIL_MAX,
      `An email address is at most ${EMAIL_MAX} characters.`,
    )
    .refine(
      (value) =>
        value.length === 0 || value.length > EMAIL_MAX || z.email().safeParse(value).success,
      `Enter an email address such as ${example}.`,
    );
}

/** Text of several lines (or none), at most `max` characters. */
export function textSchema({ max, tooLong }: { max: number; tooLong: string }) {
  return z.string({ error: tooLong }).transform(cleanText).superRefine(atMost(max, tooLong));
}

/** A web-address name as typed (blank: made from the title later), lower-cased. */
export function slugSchema(max: number) {
  return z
    .string({ error: "Enter a web address name such as trivia-night, or leave it empty." })
    .transform((value) => cleanLine(value).toLowerCase())
    .superRefine(atMost(max, `Keep the web address name to ${max} characters or fewer.`))
    .refine(
      (slug) => slug === "" || slug.length > max || SLUG_PATTERN.test(slug),
      "Use only lowercase letters, numbers and single hyphens, such as trivia-night.",
    );
}

/** A ticked checkbox posts "on"; anything else is unticked. */
export const checkboxSchema = z
  .string({ error: "Tick the box or leave it empty." })
  .transform((value) => value === "on");

/** How a price field is read: may it be left empty, its highest price, and what to say when it is needed. */
export type PriceRule = { optional: boolean; maxCents: number; required?: string };

/**
 * A price as typed, in dollars: its cents (null for an empty optional one),
 * or what to say of it. The one reading of a price every form's rules use.
 */
export function readPrice(
  typed: string,
  { optional, maxCents, required = "Enter a price such as 14.50." }: PriceRule,
): { cents: number | null } | { problem: string } {
  const value = cleanLine(typed);
  if (value === "") return optional ? { cents: null } : { problem: required };
  const price = parseDollars(value);
  if ("problem" in price) {
    return {
      problem:
        price.problem === "negative"
          ? "A price cannot be negative."
          : `Enter a price such as 14.50${optional ? ", or leave it empty" : ""}.`,
    };
  }
  if (price.cents > maxCents) {
    return { problem: `A price can be at most ${formatPrice(maxCents)}; check the number.` };
  }
  return { cents: price.cents };
}

/** `readPrice` as a field rule. */
export function priceSchema(rule: PriceRule) {
  return z.string({ error: "Enter a price such as 14.50." }).transform((typed, ctx) => {
    const price = readPrice(typed, rule);
    if ("cents" in price) return price.cents;
    ctx.addIssue({ code: "custom", message: price.problem });
    return z.NEVER;
  });
}

/** A whole number from 0 (or `min`) to `max`; empty gives null when `optional`. */
export function wholeNumberSchema({
  min = 0,
  max,
  optional,
  required,
  notANumber,
  negative,
}: {
  min?: number;
  max: number;
  optional: boolean;
  required: string;
  notANumber: string;
  negative: string;
}) {
  return z
    .string({ error: notANumber })
    .transform(cleanLine)
    .superRefine((value, ctx) => {
      if (value === "") {
        if (!optional) ctx.addIssue({ code: "custom", message: required });
        return;
      }
      if (/^-\s*\d/.test(value)) {
        ctx.addIssue({ code: "custom", message: negative });
        return;
      }
      if (!/^\d{1,9}$/.test(value)) {
        ctx.addIssue({ code: "custom", message: notANumber });
        return;
      }
      const number = Number(value);
      if (number < min) ctx.addIssue({ code: "custom", message: negative });
      else if (number > max) {
        ctx.addIssue({ code: "custom", message: `Enter a number no larger than ${max}.` });
      }
    })
    .transform((value) => (value === "" ? null : Number(value)));
}

/**
 * A list typed one entry a line (or, with `commas`, separated by commas too):
 * entries trimmed, empty ones dropped, each at most `itemMax` characters.
 */
export function listSchema({
  itemMax,
  maxItems,
  commas,
  what,
}: {
  itemMax: number;
  maxItems: number;
  commas: boolean;
  what: string;
}) {
  return z
    .string({ error: `Enter ${what} one a line.` })
    .transform((value) =>
      cleanText(value)
        .split(commas ? /[\n,]/ : /\n/)
        .map(cleanLine)
        .filter((entry) => entry.length > 0),
    )
    .refine(
      (entries) => entries.length <= maxItems,
      `List at most ${maxItems} ${what}; combine or drop some.`,
    )
    .refine(
      (entries) => entries.every((entry) => characterCount(entry) <= itemMax),
      `Keep each of the ${what} to ${itemMax} characters or fewer.`,
    );
}

/** A row's id as a page's list posts it: a positive whole number. */
export const rowIdSchema = z.string().regex(ROW_ID_PATTERN).transform(Number);

/** A form's fields as text, each read as typed: for rules that check them together afterwards. */
export const textFields = <Field extends string>(fields: readonly Field[]) =>
  z.object(
    Object.fromEntries(fields.map((field) => [field, z.string()])) as Record<Field, z.ZodString>,
  );
