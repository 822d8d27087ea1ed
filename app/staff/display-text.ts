/**
 * Text a visitor typed, made safe to show staff. React already escapes it;
 * what remains are invisible characters that change how the text around
 * them reads: bidirectional embeddings, overrides and isolates (which can
 * make "moc.elpmaxe@" read as an address it is not), zero-width and other
 * format characters (but not the joiners that emoji and several scripts
 * need), Unicode tag characters (invisible text), and control
 * characters. Each becomes a visible U+FFFD, so staff can see something was
 * there; line breaks and tabs stay.
 */
const HIDDEN_OR_REORDERING =
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u206F\uFEFF\uFFF9-\uFFFB\u{E0000}-\u{E007F}]/gu;

export const REPLACEMENT = "\uFFFD";

export function neutraliseText(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(HIDDEN_OR_REORDERING, REPLACEMENT);
}

/** Whether `text` held anything `neutraliseText` replaced, to say so beside it. */
export function hadHiddenCharacters(text: string): boolean {
  return new RegExp(HIDDEN_OR_REORDERING.source, "u").test(text.replace(/\r\n?/g, "\n"));
}
