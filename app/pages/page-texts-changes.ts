import { column, type TableWords } from "~/platform/change-words";
import type { PageKey } from "./page-texts";
import { PAGE_PARTS } from "./editor/page-parts";

const pageName = (page: unknown) =>
  typeof page === "string" && page in PAGE_PARTS ? PAGE_PARTS[page as PageKey].name : "a";

/** How a change to a page's words is told in the recent changes. */
export const pageTextsChanges = {
  page_texts: {
    subject: (row) => ({
      noun: `the ${pageName(row.page)} page's text`,
      short: `${pageName(row.page)} page`,
    }),
    columns: {
      description: column.text("Line under the heading"),
      body: column.text("Main text"),
      aside: column.text("Second text"),
      image_path: { kind: "picture", label: "Picture", alt: "image_alt" },
      image_alt: column.skip,
      page: column.skip,
    },
  },
} satisfies Record<string, TableWords>;
