import { ALLERGEN_LABELS, BADGE_LABELS, DIETARY_LABELS } from "~/menu/menu";
import type { EditorMenu } from "./menu-editor";
import { priceInput } from "./menu-editor";

/**
 * The menu as a spreadsheet: one row a dish, with its section, in the order
 * the menu lists them. Tags are written as the staff forms label them,
 * several in a cell joined by "; ". Opened in a spreadsheet, a cell staff
 * typed that starts like a formula (=, +, -, @) is written after an
 * apostrophe, so it is shown as text and never run (OWASP's advice for CSV
 * exports).
 */

export const SHEET_COLUMNS = [
  "Section",
  "Name",
  "Description",
  "Price",
  "Portion",
  "Diets",
  "Allergens",
  "Badges",
  "On the menu",
  "Featured",
  "Hidden",
] as const;

const yes = (on: boolean) => (on ? "yes" : "no");

/** A cell as a spreadsheet reads it: quoted when it must be, and never a formula. */
export function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole menu as CSV (RFC 4180: CRLF between rows), headed by SHEET_COLUMNS. */
export function menuSheet(menu: EditorMenu): string {
  const rows: string[][] = [[...SHEET_COLUMNS]];
  for (const section of menu) {
    for (const item of section.items) {
      rows.push([
        section.name,
        item.name,
        item.description,
        priceInput(item.priceCents),
        item.portion,
        item.dietaryTags.map((tag) => DIETARY_LABELS[tag]).join("; "),
        item.allergens.map((allergen) => ALLERGEN_LABELS[allergen]).join("; "),
        item.badges.map((badge) => BADGE_LABELS[badge]).join("; "),
        yes(item.available),
        yes(item.featured),
        yes(item.hidden),
      ]);
    }
  }
  return `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
