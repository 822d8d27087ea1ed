import { withThousands } from "~/platform/thousands";

/**
 * Values as people type them into the site's forms, made plain: one line or
 * several, counted as the database counts them, and dollars read as cents.
 * Free of zod, so any page may use it.
 */

// Control characters are never meant: they come from pasting or from scripts.
// Line breaks and tabs stay in a message; single-line fields lose them too.
// NUL in particular is refused by Postgres, so it must not reach a query.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b\u2028\u2029\ufeff]/g;
// eslint-disable-next-line no-control-regex
const LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b\u2028\u2029\ufeff]/g;

/** A single-line value as a person meant it: no control characters, spaces collapsed, trimmed. */
export function cleanLine(value: string): string {
  return value.normalize("NFC").replace(LINE_CONTROL, " ").replace(/\s+/g, " ").trim();
}

/** A message as a person meant it: Windows line endings made plain, control characters gone, trimmed. */
export function cleanText(value: string): string {
  return value.normalize("NFC").replace(/\r\n?/g, "\n").replace(CONTROL, "").trim();
}

/** The longest email address there can be (RFC 5321's path, less its brackets). */
export const EMAIL_MAX = 254;

/** Length as Postgres's char_length counts it: characters, not UTF-16 units. */
export const characterCount = (value: string) => [...value].length;

/**
 * What to say of text over its limit: what to do (`tooLong`), then how long
 * it is now, so the person knows how much to cut. Nothing is ever cut for them.
 */
export function overLimitMessage(tooLong: string, value: string): string {
  return `${tooLong} It has ${withThousands(characterCount(value))}.`;
}

/** Why typed dollars could not be read as a price. */
export type PriceProblem = "empty" | "format" | "negative";

const DOLLARS = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$|^\.\d{1,2}$/;

/**
 * Dollars as staff type them ("14.50", "$14.50", "14", "1,250.00", "-$3") in
 * cents (minus zero is zero), or why they are not a price. Worked out on the digits, never through
 * floating point.
 */
export function parseDollars(input: string): { cents: number } | { problem: PriceProblem } {
  const text = input.replace(/\s+/g, "");
  if (text === "") return { problem: "empty" };
  const negative = /^-\$?|^\$-/.test(text);
  const unsigned = text.replace(/^-?\$?-?/, "");
  if (!DOLLARS.test(unsigned)) return { problem: "format" };
  const [whole = "", fraction = ""] = unsigned.replace(/,/g, "").split(".");
  const cents = Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0"));
  if (negative && cents > 0) return { problem: "negative" };
  return { cents };
}
