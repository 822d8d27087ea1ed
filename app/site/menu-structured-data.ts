/**
 * The menu as schema.org JSON-LD, from the sections the menu page shows: in a
 * module of its own, so only the menu page's scripts carry it.
 */
import type { DietaryTag, MenuItem, MenuSection } from "~/menu/menu";
import { priceAmount } from "~/platform/money";
import { SCHEMA, absolute } from "./structured-data";

const DIETS: Partial<Record<DietaryTag, string>> = {
  vegan: `${SCHEMA}/VeganDiet`,
  vegetarian: `${SCHEMA}/VegetarianDiet`,
  "gluten-free": `${SCHEMA}/GlutenFreeDiet`,
};

/** What the menu's structured data reads of an item. */
export type MenuJsonLdItem = Pick<
  MenuItem,
  "name" | "description" | "priceCents" | "available" | "dietaryTags"
>;

function menuItemJsonLd(item: MenuJsonLdItem, origin: string, imageUrl: string | undefined) {
  const diets = item.dietaryTags.flatMap((tag) => DIETS[tag] ?? []);
  return {
    "@type": "MenuItem",
    name: item.name,
    ...(item.description ? { description: item.description } : {}),
    offers: {
      "@type": "Offer",
      price: priceAmount(item.priceCents),
      priceCurrency: "CAD",
      availability: `${SCHEMA}/${item.available ? "InStock" : "OutOfStock"}`,
    },
    ...(diets.length > 0 ? { suitableForDiet: diets } : {}),
    ...(imageUrl ? { image: absolute(imageUrl, origin) } : {}),
  };
}

export type MenuJsonLdInput<Item extends MenuJsonLdItem> = {
  /** The sections the page shows. */
  sections: readonly (Pick<MenuSection, "name" | "description"> & { items: readonly Item[] })[];
  origin: string;
  /** An item's picture as the optimiser's URL (width 1200, JPEG); relative URLs are made absolute. */
  imageUrlFor?: (item: Item) => string | undefined;
  menuPath?: string;
  name?: string;
};

export function menuJsonLd<Item extends MenuJsonLdItem>({
  sections,
  origin,
  imageUrlFor,
  menuPath = "/menu",
  name = "Menu",
}: MenuJsonLdInput<Item>) {
  const url = absolute(menuPath, origin);
  return {
    "@context": SCHEMA,
    "@type": "Menu",
    "@id": `${url}#menu`,
    name,
    url,
    inLanguage: "en-CA",
    hasMenuSection: sections.map((section) => ({
      "@type": "MenuSection",
      name: section.name,
      ...(section.description ? { description: section.description } : {}),
      hasMenuItem: section.items.map((item) => menuItemJsonLd(item, origin, imageUrlFor?.(item))),
    })),
  };
}
