import type { ReactNode } from "react";
import { HydrateApart } from "~/platform/hydrate-apart";

/** How a section's content sits in the page's width, with the page's gutters and spacing. */
const LAYOUTS = {
  /** One column, the page's full width. */
  wide: "mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20",
  /** One column narrow enough to read line by line (questions and answers). */
  narrow: "mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20",
  /** Two equal columns on wide screens. */
  halves: "mx-auto grid max-w-6xl gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2",
  /** On wide screens, what the section is about beside a column twice as wide (a form). */
  "heading-beside":
    "mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1fr_2fr]",
} as const;

/** A band in the card colour that sets a section off from those around it, and where it is ruled. */
const BANDS = {
  ruled: "border-y border-border bg-card",
  "ruled-above": "border-t border-border bg-card",
  "ruled-below": "border-b border-border bg-card",
} as const;

/**
 * A section of a public page, named by its heading (`titleId`): its content
 * laid out in the page's width, on the page's background or in a band. Its
 * content wakes apart from the rest of the page (HydrateApart).
 */
export function PageSection({
  id,
  titleId,
  layout = "wide",
  band,
  children,
}: {
  /** For links to the section (`/contact#write`). */
  id?: string;
  titleId: string;
  layout?: keyof typeof LAYOUTS;
  band?: keyof typeof BANDS;
  children: ReactNode;
}) {
  if (!band) {
    return (
      <section id={id} aria-labelledby={titleId} className={LAYOUTS[layout]}>
        <HydrateApart>{children}</HydrateApart>
      </section>
    );
  }
  return (
    <section id={id} aria-labelledby={titleId} className={BANDS[band]}>
      <div className={LAYOUTS[layout]}>
        <HydrateApart>{children}</HydrateApart>
      </div>
    </section>
  );
}
