import type { ContentImage } from "~/images/content-image";

/**
 * The words of each public page that are not a dish, a special or an event,
 * kept in `page_texts` and written by staff: the line under the page's
 * heading (search results show it too) and, on some pages, longer texts and
 * a picture. What each text is on its page is said once, for the staff
 * area, in editor/page-parts.ts.
 */

export const PAGE_KEYS = ["about", "menu", "events", "venue", "contact"] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

/** A page's words as visitors read them. */
export type PageText = {
  /** The line under the heading, and the search results' description. */
  description: string;
  /** The page's longer texts, paragraphs parted by a blank line; "" leaves them out. */
  body: string;
  aside: string;
  /** The page's picture, where it has one. */
  image: ContentImage | null;
};

/** Every page's words, by page. */
export type PageTexts = Record<PageKey, PageText>;

/** A note: a title on its own line, then its text; one line alone is a note without a title. */
export type Note = { title: string | null; text: string };

/** A text's notes, parted by blank lines. */
export function notes(text: string): Note[] {
  return text
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== ""),
    )
    .filter((lines) => lines.length > 0)
    .map(([first, ...rest]) =>
      rest.length > 0 ? { title: first!, text: rest.join(" ") } : { title: null, text: first! },
    );
}

/** A text's paragraphs: parted by blank lines, each one's own line breaks kept as spaces. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
    .filter((paragraph) => paragraph !== "");
}
