import type { PageKey } from "../page-texts";

/**
 * What each page holds beside its line, as the staff area names it: its
 * longer texts (`body`, `aside`) and whether it has a picture. The editor
 * labels its fields with it, the recent changes name the page with it, and
 * a post's text for a part the page does not show is not saved.
 */

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
