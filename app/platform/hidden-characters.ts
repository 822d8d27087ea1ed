/**
 * Characters a visitor may type that are invisible or change how the text
 * around them reads: bidirectional embeddings, overrides and isolates (which
 * can make "moc.elpmaxe@" read as an address it is not), zero-width and
 * other format characters (but not the joiners that emoji and several
 * scripts need), Unicode tag characters (invisible text), and control
 * characters other than tab and line breaks. Shown to staff and written
 * into mail, each becomes something visible instead.
 */
export const HIDDEN_OR_REORDERING =
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u206F\uFEFF\uFFF9-\uFFFB\u{E0000}-\u{E007F}]/gu;

/** What stands in for each of them: visible, so a reader can see something was there. */
export const REPLACEMENT = "\uFFFD";
