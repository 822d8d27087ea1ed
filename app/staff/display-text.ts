import { HIDDEN_OR_REORDERING, REPLACEMENT } from "~/platform/hidden-characters";

export { REPLACEMENT };

/**
 * Text a visitor typed, made safe to show staff. React already escapes it;
 * what remains are invisible characters that change how the text around
 * them reads (`HIDDEN_OR_REORDERING`). Each becomes a visible U+FFFD, so
 * staff can see something was there; line breaks and tabs stay.
 */
export function neutraliseText(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(HIDDEN_OR_REORDERING, REPLACEMENT);
}

/** Whether `text` held anything `neutraliseText` replaced, to say so beside it. */
export function hadHiddenCharacters(text: string): boolean {
  return new RegExp(HIDDEN_OR_REORDERING.source, "u").test(text.replace(/\r\n?/g, "\n"));
}
