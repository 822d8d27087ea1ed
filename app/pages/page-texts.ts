import type { ContentImage } from "~/images/content-image";

/**
 * The words of each public page that are not a dish, a special or an event,
 * kept in `page_texts` and written by staff: the line under the page's
 * heading (search results show it too) and, on some pages, longer texts and
 * a picture. What each text is on its page is said here, once: the editor
 * labels its fields with it and the page shows it where it says.
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

/** A longer text's place on its page, as the editor names it. */
type TextPlace = { label: string; hint: string };

/** What a page holds beside its line: its longer texts and whether it has a picture. */
export type PageParts = {
  name: string;
  path: string;
  body?: TextPlace;
  aside?: TextPlace;
  picture?: true;
};

export const PAGE_PARTS: Record<PageKey, PageParts> = {
  about: {
    name: "About",
    path: "/about",
    body: {
      label: "The story",
      hint: "Under “A local on …” (the street from the site's details). A blank line starts a new paragraph.",
    },
    aside: {
      label: "The kitchen",
      hint: "Beside what's on tap. Empty: the section shows the link to the menu alone.",
    },
    picture: true,
  },
  menu: {
    name: "Menu",
    path: "/menu",
    body: {
      label: "Notes after the menu",
      hint: "Allergies, tax, gratuity, ID. Each note is a title on its own line, then its text; a blank line starts the next note.",
    },
  },
  events: { name: "Events", path: "/events" },
  venue: {
    name: "Venue",
    path: "/venue",
    body: {
      label: "Above the packages",
      hint: "What the prices include, and what can be adapted. Empty: the packages alone.",
    },
    aside: {
      label: "Above the enquiry form",
      hint: "What to tell you, and how soon you answer.",
    },
  },
  contact: {
    name: "Contact",
    path: "/contact",
    body: {
      label: "How you answer",
      hint: "Under the phone number and email: when you answer, and when calling is best.",
    },
    aside: {
      label: "Above the message form",
      hint: "What to write about, and how soon you reply.",
    },
  },
};

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
