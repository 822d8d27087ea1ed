import { cn } from "~/platform/cn";
import { HydrateApart } from "~/platform/hydrate-apart";
import { buttonVariants } from "~/platform/ui/button";
import { Link } from "~/platform/ui/link";
import { tracesLine, type MenuListSection } from "./menu";
import { MenuList, type MenuListEntry } from "./menu-list";

/**
 * The menu's sections, each with its description, note and what its kitchen
 * may pass on, then its items; or, when nothing matches, what to try instead.
 */
export function MenuSections({
  sections,
}: {
  sections: readonly (Omit<MenuListSection, "items"> & { items: MenuListEntry[] })[];
}) {
  if (sections.length === 0) {
    return (
      <div className="mt-10 border-2 border-dashed border-border p-8 text-center">
        <h2 className="text-2xl">Nothing on the menu matches</h2>
        <p className="mt-2 text-muted-foreground">
          Try another word or diet, or ask your server: the kitchen can often adapt a dish.
        </p>
        <Link to="/menu" className={cn(buttonVariants({ variant: "outline" }), "mt-6")}>
          See the whole menu
        </Link>
      </div>
    );
  }
  return sections.map((section) => (
    <section
      key={section.slug}
      id={section.slug}
      aria-labelledby={`${section.slug}-title`}
      className="pt-4 not-first-of-type:pt-12 sm:pt-5"
    >
      <div className="border-b-2 border-foreground pb-2 sm:pb-3">
        <h2 id={`${section.slug}-title`} className="text-2xl tracking-tight sm:text-3xl">
          {section.name}
        </h2>
        {section.description ? (
          // A step smaller on a phone, where the section's first dishes should follow soon.
          <p className="mt-1 text-sm text-muted-foreground sm:text-base">{section.description}</p>
        ) : null}
        {section.note ? <p className="mt-1 text-sm font-semibold">{section.note}</p> : null}
        {section.mayContain.length > 0 ? (
          <p className="mt-1 text-sm font-semibold">{tracesLine(section.mayContain)}</p>
        ) : null}
      </div>
      {/* The longest part of the page to wake: each section's list wakes apart. */}
      <HydrateApart>
        <MenuList items={section.items} />
      </HydrateApart>
    </section>
  ));
}
