import { defineEditor } from "~/platform/forms/editor-spec";
import { PICTURE_DESCRIPTION_MAX } from "~/images/uploads";
import { area, picture } from "~/platform/forms/field-specs";
import type { FormValues } from "~/platform/forms/form-check";
import { defineForm } from "~/platform/forms/form-spec";
import type { PageKey, PageText } from "../page-texts";
import { PAGE_PARTS, type PageParts } from "./page-parts";

/**
 * What the editor of a page's words (`/staff/pages/:id`) shares between the
 * server and the browser without the rules themselves. Each page has its
 * line; the longer texts and the picture are offered where the page shows
 * them (PAGE_PARTS).
 */

/** A page's words as staff see them. */
export type EditablePageText = PageText & { id: number; page: PageKey; sample: boolean };

export const DESCRIPTION_MAX = 160;
export const BODY_MAX = 3000;
export const ASIDE_MAX = 1500;
export const IMAGE_ALT_MAX = PICTURE_DESCRIPTION_MAX;

export const pageTextFields = [
  "description",
  "body",
  "aside",
  "image",
  "imageAlt",
  "imageKept",
  "imageRemove",
] as const;
export type PageTextField = (typeof pageTextFields)[number];

/** The picture's fields in the form. */
export const PAGE_PICTURE_NAMES = {
  file: "image",
  kept: "imageKept",
  remove: "imageRemove",
  alt: "imageAlt",
} as const;

/** The form's values for a page's saved words. */
export function pageTextValues(text: EditablePageText): FormValues<PageTextField> {
  return {
    description: text.description,
    body: text.body,
    aside: text.aside,
    image: "",
    imageAlt: text.image?.alt ?? "",
    imageKept: text.image?.path ?? "",
    imageRemove: "",
  };
}

export const pageTextForm = defineForm({
  id: "page-text",
  fields: pageTextFields,
  files: ["image"],
  verb: "save",
  rules: () => import("./page-text-rules").then((rules) => rules.pageTextSchema),
});

/** What the editor's page knows of the row it edits: which page it is. */
export type PageTextLoaded = { page: PageKey | null };

const pageName = (text: EditablePageText | null) =>
  text ? `${PAGE_PARTS[text.page].name} page` : "Page";

/** A page's words' editor. */
export const pageTextEditor = defineEditor({
  form: pageTextForm,
  list: { path: "/staff/pages", label: "All pages" },
  title: pageName,
  pageTitle: (text) => `Edit the ${pageName(text)}`,
  intro:
    "The words visitors read on this page besides the menu, specials and events. A save shows on the site at once.",
  submit: { add: "Save", save: "Save changes" },
  path: (id) => `/staff/pages/${id}`,
  values: pageTextValues,
  pictures: true,
  fields: (_, { page }: PageTextLoaded) => {
    const parts: PageParts | undefined = page ? PAGE_PARTS[page] : undefined;
    return [
      area("description", {
        label: "Line under the heading",
        hint: "A sentence or two. Search results and shared links show it too, about 160 characters of it.",
        rows: 3,
        limit: DESCRIPTION_MAX,
      }),
      ...(parts?.body
        ? [area("body", { ...parts.body, optional: true, rows: 8, limit: BODY_MAX })]
        : []),
      ...(parts?.aside
        ? [area("aside", { ...parts.aside, optional: true, rows: 5, limit: ASIDE_MAX })]
        : []),
      ...(parts?.picture
        ? [
            picture(PAGE_PICTURE_NAMES, {
              altLimit: IMAGE_ALT_MAX,
            }),
          ]
        : []),
    ];
  },
});
