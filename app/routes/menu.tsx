import { pageFreshness } from "~/platform/context";
import { data } from "react-router";
import type { Route } from "./+types/menu";
import { MenuFilterForm } from "~/menu/menu-filter-form";
import type { MenuListEntry } from "~/menu/menu-list";
import { MenuNotes } from "~/components/menu-notes";
import { notes } from "~/pages/page-texts";
import { MenuResults } from "~/menu/menu-results";
import { MenuSectionNav } from "~/menu/menu-section-nav";
import { MenuSections } from "~/menu/menu-sections";
import { BookingLinkRow } from "~/components/booking-links";
import { KitchenStatus } from "~/hours/kitchen-status";
import { SiteJsonLd } from "~/components/json-ld";
import type { StylesheetHandle } from "~/components/site-stylesheet";
import { PageHeader } from "~/components/page-header";
import { pictureFor } from "~/images/pictures.server";
import { shareImageUrl } from "~/images/pictures";
import { siteContent } from "~/site/site-content.server";
import { menuListItem } from "~/menu/menu";
import { filterMenu, menuFilterQuery, parseMenuFilter } from "~/menu/menu-filter";
import type { RouteHandle } from "~/platform/route-needs";
import { describedPageMeta } from "~/site/meta";
import { publicPageHeaders } from "~/platform/page-headers";
import { useSiteFrame } from "~/site/site-frame";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  const { filter, problems } = parseMenuFilter(searchParams);
  const content = siteContent(context);
  const [menu, { menu: words }] = await Promise.all([
    content.menu(new Date()),
    content.pageTexts(),
  ]);
  const { sections, itemCount } = filterMenu(menu, filter);
  const payload = {
    // The whole menu as schema.org data; a filtered view is not the menu.
    structuredData: searchParams.size === 0,
    description: words.description,
    notes: notes(words.body),
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
    ...pageFreshness(context),
  };
  // The server passes on only a known diet and a search within its limit (the
  // handle below); a query the menu cannot use that reaches it otherwise is a
  // bad request, answered with the full page and why.
  return problems.length > 0 ? data(payload, { status: 400 }) : payload;
}

export const meta: Route.MetaFunction = describedPageMeta("Menu", "/menu");

export const headers = publicPageHeaders;

// The menu's own HTML is large: it links the stylesheet rather than adding it.
// Its filter is the only query it reads.
export const handle: StylesheetHandle & RouteHandle = {
  stylesheet: "link",
  transport: { query: menuFilterQuery },
};

/**
 * The whole menu as schema.org data, built from what the page lists rather
 * than sent beside it, so the page carries each dish once less.
 */
function MenuStructuredData({ sections }: Pick<Route.ComponentProps["loaderData"], "sections">) {
  const imageUrlFor = (item: MenuListEntry) =>
    item.picture ? shareImageUrl(item.picture) : undefined;
  return <SiteJsonLd of={(build, origin) => build.menuJsonLd({ sections, origin, imageUrlFor })} />;
}

export default function MenuPage({ loaderData }: Route.ComponentProps) {
  const { sections, itemCount, filter, problems } = loaderData;
  const frame = useSiteFrame();
  const filtered = filter.diet !== null || filter.query !== "";

  return (
    <>
      {/* Compact, so the first dishes show on the first screen of a phone,
          with whether the kitchen is serving beside the title. */}
      <PageHeader
        eyebrow="Food & drink"
        title="Menu"
        compact
        aside={
          frame ? (
            <div className="flex min-w-0 flex-col items-end gap-4">
              <KitchenStatus
                schedule={frame.schedule}
                renderedAt={frame.renderedAt}
                className="text-right text-[0.9375rem] sm:text-lg"
              />
              {/* On a phone the navigation holds them, and the dishes come first. */}
              <BookingLinkRow settings={frame.settings} className="hidden justify-end sm:flex" />
            </div>
          ) : null
        }
      >
        {/* On a phone the notes at the end say it, and the dishes come first. */}
        <p>Prices in Canadian dollars. Every dish is marked for its diets and allergens.</p>
      </PageHeader>

      {loaderData.structuredData ? <MenuStructuredData sections={sections} /> : null}

      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        {/* One row: the search and the diets, and how many dishes they leave. */}
        <div className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-2 sm:mt-4">
          <MenuFilterForm filter={filter} className="w-full md:w-auto md:max-w-full" />
          <MenuResults itemCount={itemCount} filter={filter} filtered={filtered} />
        </div>

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
      </div>

      {/* Unfiltered, the sections shown are every section with something in it. */}
      {!filtered ? <MenuSectionNav sections={sections} /> : null}

      <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <MenuSections sections={sections} />
        <MenuNotes notes={loaderData.notes} />
      </div>
    </>
  );
}
