import { HIDDEN_OR_REORDERING, REPLACEMENT } from "../hidden-characters";

/**
 * Visitor text on its way into a mail. Headers are one line: a line break
 * there would start a header of the sender's choosing, so every break, tab
 * and run of spaces becomes one space, and characters that are invisible or
 * reorder the text (bidirectional overrides, zero-width and control
 * characters) go. Non-ASCII stays: nodemailer writes it as encoded words.
 *
 * Text that is itself an encoded word (`=?UTF-8?B?…?=`) would be sent as it
 * is and decoded by the reader's mail program, line breaks and overrides
 * included; a word joiner after each `=` of `=?` keeps it text, shown as
 * typed.
 */
export function headerText(text: string, maxLength: number): string {
  const line = text
    .replace(/[\r\n\t\u2028\u2029\u0085]+/g, " ")
    .replace(HIDDEN_OR_REORDERING, "")
    .replace(/\s+/g, " ")
    .trim()
    .replaceAll("=?", `=${WORD_JOINER}?`);
  return shortened(line, maxLength);
}

/** Invisible, and outside ASCII, so the header it is in is sent encoded. */
const WORD_JOINER = "\u2060";

/**
 * Visitor text for a mail's body: line breaks kept (as `\n`; nodemailer
 * writes CRLF), each invisible or reordering character shown as U+FFFD, as
 * the staff area shows it.
 */
export function bodyText(text: string): string {
  return text
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, "\n")
    .replace(HIDDEN_OR_REORDERING, REPLACEMENT);
}

/** At most `maxLength` characters (code points), ending in "…" when cut. */
export function shortened(text: string, maxLength: number): string {
  const characters = [...text];
  if (characters.length <= maxLength) return text;
  return `${characters
    .slice(0, Math.max(0, maxLength - 1))
    .join("")
    .trimEnd()}…`;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text as HTML shows it literally, for the simple HTML part of a mail. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** A paragraph of a mail's HTML part; `html` is already escaped. */
export const htmlParagraph = (html: string) => `<p>${html}</p>`;

/** A mail's simple HTML part: the document around its parts (each already HTML), one a line. */
export function htmlMail(parts: readonly string[]): string {
  return [
    "<!doctype html>",
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    ...parts,
    "</body></html>",
  ].join("\n");
}
