import { XIcon } from "lucide-react";
import { pageNextChange } from "~/platform/context";
import { data } from "react-router";
import type { Route } from "./+types/menu";
import { MenuFilterForm } from "~/menu/menu-filter-form";
import { MenuList, type MenuListEntry } from "~/menu/menu-list";
import { MenuSectionNav } from "~/menu/menu-section-nav";
import { BookingLinkRow } from "~/components/booking-links";
import { SiteJsonLd } from "~/components/json-ld";
import type { StylesheetHandle } from "~/components/site-stylesheet";
import { Link } from "~/platform/ui/link";
import { PageHeader } from "~/components/page-header";
import { buttonVariants } from "~/platform/ui/button";
import { pictureFor } from "~/images/pictures.server";
import { shareImageUrl } from "~/images/pictures";
import { siteContent } from "~/site/site-content.server";
import { cn } from "~/platform/cn";
import {
  DIETARY_LABELS,
  filterMenu,
  menuListItem,
  parseMenuFilter,
  tracesLine,
  type MenuFilter,
} from "~/menu/menu";
import { fixedPageMeta } from "~/site/meta";
import { publicPageHeaders } from "~/platform/page-headers";
import { useSiteFrame } from "~/site/site-frame";
import { menuJsonLd } from "~/site/structured-data";

/** What the page is for: its header says it, and search results show it. */
const DESCRIPTION =
  "Starters, wings, burgers and plates from the grill, Ontario beer on tap, cocktails and wine, with prices in Canadian dollars and every dish marked for vegetarian, vegan and gluten-free diets.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  const { filter, problems } = parseMenuFilter(searchParams);
  const menu = await siteContent(context).menu(new Date());
  const { sections, itemCount } = filterMenu(menu, filter);
  const payload = {
    // The whole menu as schema.org data; a filtered view is not the menu.
    structuredData: searchParams.size === 0,
    sections: await Promise.all(
      sections.map(async ({ items, ...section }) => ({
        ...section,
        items: await Promise.all(
          items.map(async (item) => ({
            ...menuListItem(item),
            picture: await pictureFor(context, item.image),
          })),
        ),
      })),
    ),
    itemCount,
    filter,
    problems,
    nextChangeAt: pageNextChange(context),
  };
  // A query string the menu cannot use is a bad request, answered with the full page and why.
  return problems.length > 0 ? data(payload, { status: 400 }) : payload;
}

export const meta: Route.MetaFunction = fixedPageMeta("Menu", "/menu", DESCRIPTION);

export const headers = publicPageHeaders;

// The menu's own HTML is large: it links the stylesheet rather than adding it.
export const handle: StylesheetHandle = { stylesheet: "link" };

function resultSummary(count: number, filter: MenuFilter): string {
  const what = filter.diet ? `${DIETARY_LABELS[filter.diet].toLowerCase()} ` : "";
  const noun = count === 1 ? "item" : "items";
  const matching = filter.query ? ` matching “${filter.query}”` : "";
  return `${count} ${what}${noun}${matching}`;
}

/**
 * The whole menu as schema.org data, built from what the page lists rather
 * than sent beside it, so the page carries each dish once less.
 */
function MenuStructuredData({ sections }: Pick<Route.ComponentProps["loaderData"], "sections">) {
  const imageUrlFor = (item: MenuListEntry) =>
    item.picture ? shareImageUrl(item.picture) : undefined;
  return <SiteJsonLd of={(origin) => menuJsonLd({ sections, origin, imageUrlFor })} />;
}

export default function MenuPage({ loaderData }: Route.ComponentProps) {
  const { sections, itemCount, filter, problems } = loaderData;
  const frame = useSiteFrame();
  const filtered = filter.diet !== null || filter.query !== "";

  return (
    <>
      {/* Compact, so the first dishes show on the first screen of a phone. */}
      <PageHeader eyebrow="Food & drink" title="Menu" compact>
        {/* On a phone the notes at the end say it, and the dishes come first. */}
        <p className="hidden sm:block">
          Prices in Canadian dollars. Every dish is marked for its diets and allergens.
        </p>
        {/* On a phone the navigation holds them, and the dishes come first. */}
        {frame ? (
          <div className="hidden sm:block">
            <BookingLinkRow settings={frame.settings} className="mt-4" />
          </div>
        ) : null}
      </PageHeader>

      {loaderData.structuredData ? <MenuStructuredData sections={sections} /> : null}

      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <MenuFilterForm filter={filter} />

        {problems.length > 0 ? (
          <div
            role="alert"
            className="mt-4 border-l-4 border-red-700 bg-card p-4 dark:border-red-400"
          >
            {problems.map((problem) => (
              <p key={problem}>{problem}</p>
            ))}
          </div>
        ) : null}

        <div className="mt-1 flex min-h-10 flex-wrap items-center justify-between gap-x-3 sm:mt-3">
          <p role="status" className="font-semibold">
            {filtered ? `Showing ${resultSummary(itemCount, filter)}` : `${itemCount} items`}
          </p>
          {filtered ? (
            <Link
              to="/menu"
              className="inline-flex min-h-11 items-center gap-1 font-semibold text-primary underline underline-offset-4"
            >
              <XIcon aria-hidden="true" className="size-4" />
              Clear filters
            </Link>
          ) : null}
        </div>
      </div>

      {/* Unfiltered, the sections shown are every section with something in it. */}
      {!filtered ? <MenuSectionNav sections={sections} /> : null}

      <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        {sections.length === 0 ? (
          <div className="mt-10 border-2 border-dashed border-border p-8 text-center">
            <h2 className="text-2xl">Nothing on the menu matches</h2>
            <p className="mt-2 text-muted-foreground">
              Try another word or diet, or ask your server: the kitchen can often adapt a dish.
            </p>
            <Link to="/menu" className={cn(buttonVariants({ variant: "outline" }), "mt-6")}>
              See the whole menu
            </Link>
          </div>
        ) : (
          sections.map((section) => (
            <section
              key={section.slug}
              id={section.slug}
              aria-labelledby={`${section.slug}-title`}
              className="pt-5 not-first-of-type:pt-12"
            >
              <div className="border-b-2 border-foreground pb-3">
                <h2 id={`${section.slug}-title`} className="text-2xl tracking-tight sm:text-3xl">
                  {section.name}
                </h2>
                {section.description ? (
                  <p className="mt-1 text-muted-foreground">{section.description}</p>
                ) : null}
                {section.note ? <p className="mt-1 text-sm font-semibold">{section.note}</p> : null}
                {section.mayContain.length > 0 ? (
                  <p className="mt-1 text-sm font-semibold">{tracesLine(section.mayContain)}</p>
                ) : null}
              </div>
              <MenuList items={section.items} />
            </section>
          ))
        )}

        <aside aria-labelledby="menu-notes-title" className="mt-16 grid gap-6 md:grid-cols-3">
          <h2 id="menu-notes-title" className="sr-only">
            Notes
          </h2>
          <div className="border-t-4 border-primary bg-card p-5">
            <h3 className="text-lg">Allergies</h3>
            <p className="mt-2 text-sm text-muted-foreground">
              Each dish lists the priority allergens Health Canada names that it contains. Our
              kitchen handles all of them and shares fryers, so we cannot promise any dish is free
              of traces. Please tell your server about any allergy before you order.
            </p>
          </div>
          <div className="border-t-4 border-primary bg-card p-5">
            <h3 className="text-lg">Prices and tax</h3>
            <p className="mt-2 text-sm text-muted-foreground">
              Prices are in Canadian dollars and do not include HST (13%), which is added to your
              bill. Gratuity is not included, except for parties of eight or more (18%).
            </p>
          </div>
          <div className="border-t-4 border-primary bg-card p-5">
            <h3 className="text-lg">Drinking responsibly</h3>
            <p className="mt-2 text-sm text-muted-foreground">
              Alcohol is served to guests 19 and over; bring photo ID. Our staff are Smart Serve
              trained and may refuse service. Ask us about a cab home.
            </p>
          </div>
        </aside>
      </div>
    </>
  );
}
