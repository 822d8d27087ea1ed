/**
 * The menu's filter: a diet and a search, read from the page's address and
 * written back to it, and the sections that fit. In a module of its own, so
 * only the menu page's scripts carry it.
 */
import {
  BADGE_LABELS,
  DIET_FILTERS,
  DIETARY_LABELS,
  fold,
  type DietFilter,
  type MenuItem,
  type MenuSection,
} from "./menu";
import type { RouteHandle } from "~/platform/route-needs";

/** The longest search a visitor may type; longer ones are cut with a message. */
export const MENU_QUERY_MAX_LENGTH = 80;

export type MenuFilter = { diet: DietFilter | null; query: string };

export type MenuFilterResult = {
  filter: MenuFilter;
  /** What was wrong with the query string, in words for the visitor; empty when nothing. */
  problems: string[];
};

/**
 * The query keys the menu page reads, as its route declares them to the
 * server: a diet of the list (any other is as if none were asked for), and
 * a search, free text cut to its limit, whose results are never kept.
 */
export const menuFilterQuery = {
  diet: { values: ["all", ...DIET_FILTERS] },
  q: { maxLength: MENU_QUERY_MAX_LENGTH },
} satisfies NonNullable<NonNullable<RouteHandle["transport"]>["query"]>;

function isDietFilter(value: string): value is DietFilter {
  return (DIET_FILTERS as readonly string[]).includes(value);
}

/**
 * Reads `?diet=vegan&q=burger`. Anything unusable is dropped (the menu still
 * shows) and described, so the page can say why.
 */
export function parseMenuFilter(params: URLSearchParams): MenuFilterResult {
  const problems: string[] = [];
  const rawDiet = params.get("diet")?.trim().toLowerCase() ?? "";
  let diet: DietFilter | null = null;
  if (rawDiet && rawDiet !== "all") {
    if (isDietFilter(rawDiet)) diet = rawDiet;
    else {
      problems.push(
        `There is no “${rawDiet.slice(0, 40)}” filter; choose ${DIET_FILTERS.map((d) => DIETARY_LABELS[d].toLowerCase()).join(", ")}.`,
      );
    }
  }
  // Control characters never belong in a search.
  // eslint-disable-next-line no-control-regex
  let query = (params.get("q") ?? "").replace(/[\u0000-\u001f\u007f]/g, " ").trim();
  if (query.length > MENU_QUERY_MAX_LENGTH) {
    query = query.slice(0, MENU_QUERY_MAX_LENGTH).trim();
    problems.push(
      `Searches are limited to ${MENU_QUERY_MAX_LENGTH} characters; yours was shortened.`,
    );
  }
  return { filter: { diet, query }, problems };
}

/**
 * The query string for a filter, as short as it can be: "" for the whole
 * menu, so its URL stays `/menu`, and no empty `q` or `diet=all`.
 */
export function menuFilterSearch({ diet, query }: MenuFilter): string {
  const params = new URLSearchParams();
  if (diet) params.set("diet", diet);
  if (query) params.set("q", query);
  const search = params.toString();
  return search ? `?${search}` : "";
}

function searchableText(item: MenuItem, section: MenuSection): string {
  return fold(
    [
      item.name,
      item.description,
      item.portion,
      section.name,
      ...item.dietaryTags.map((tag) => DIETARY_LABELS[tag]),
      ...item.badges.map((badge) => BADGE_LABELS[badge]),
    ].join(" "),
  );
}

export type FilteredMenu = { sections: MenuSection[]; itemCount: number };

/**
 * The sections with the items that fit the diet and contain every word of the
 * query; sections left empty are dropped.
 */
export function filterMenu(sections: readonly MenuSection[], filter: MenuFilter): FilteredMenu {
  const words = fold(filter.query).split(/\s+/).filter(Boolean);
  let itemCount = 0;
  const matching: MenuSection[] = [];
  for (const section of sections) {
    const items = section.items.filter((item) => {
      if (filter.diet && !item.dietaryTags.includes(filter.diet)) return false;
      if (words.length === 0) return true;
      const text = searchableText(item, section);
      return words.every((word) => text.includes(word));
    });
    if (items.length === 0) continue;
    itemCount += items.length;
    matching.push(items.length === section.items.length ? section : { ...section, items });
  }
  return { sections: matching, itemCount };
}
