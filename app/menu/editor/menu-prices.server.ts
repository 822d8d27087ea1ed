import { asOneChange } from "~/platform/database/one-change.server";
import { createHash } from "node:crypto";
import type { Database } from "~/platform/database/database.server";
import { listWords } from "~/platform/list-words";
import { formatPrice } from "~/platform/money";
import { PRICE_MAX_CENTS } from "./menu-editor";
import {
  changedPrice,
  changeWords,
  dishWords,
  type PriceChange,
  type PriceField,
  type PricePreview,
  type PriceRow,
} from "./menu-prices";

/**
 * A section's prices changed at once, as the signed-in staff member (in the
 * transaction `writeAsStaff` or `readAsStaff` opened): each dish's new price
 * worked out and checked, then all of them saved in one transaction, the
 * audit log recording each dish's old and new price as any save does.
 */

/** The sections whose prices may change, in the menu's order, with how many dishes each has. */
export function listPriceSections(
  tx: Database,
): Promise<{ id: number; name: string; dishes: number }[]> {
  return tx.query(
    `select s.id::int as id, s.name,
       (select count(*)::int from public.menu_items i where i.section_id = s.id) as dishes
     from public.menu_sections s order by s.sort_order, s.id`,
  );
}

/** Why a change cannot be made, by the field to change. */
export type PriceProblem = { field: PriceField; message: string };

const NO_SUCH_SECTION = "That section is no longer on the menu; choose one of the sections listed.";

/** "Fries ($4.00 → $0.00)" */
const fromTo = (row: PriceRow) =>
  `${dishWords(row)} (${formatPrice(row.from)} → ${formatPrice(row.to)})`;

/**
 * What `change` would do to its section's prices as they are in `tx`, or
 * why it cannot be made; `lock` holds the section's dishes until the
 * transaction ends, so none changes between the check and the save.
 */
async function plan(
  tx: Database,
  change: PriceChange,
  { lock = false } = {},
): Promise<PriceProblem | PricePreview> {
  const [section] = await tx.query<{ id: number; name: string }>(
    `select id::int as id, name from public.menu_sections where id = $1${lock ? " for share" : ""}`,
    [change.sectionId],
  );
  if (!section) return { field: "section", message: NO_SUCH_SECTION };
  const dishes = await tx.query<Omit<PriceRow, "to">>(
    `select id::int as id, name, portion, not published as hidden, price_cents as "from"
     from public.menu_items where section_id = $1 order by sort_order, id${lock ? " for update" : ""}`,
    [section.id],
  );
  if (dishes.length === 0) {
    return {
      field: "section",
      message: `${section.name} has no dishes yet, so it has no prices to change.`,
    };
  }
  // A dish at $0 is free on purpose (tap water): a change leaves it so.
  const priced = dishes.filter((dish) => dish.from > 0);
  if (priced.length === 0) {
    return {
      field: "section",
      message: `Every dish in ${section.name} is free ($0), so it has no prices to change.`,
    };
  }
  const rows = priced.map((dish) => ({ ...dish, to: changedPrice(dish.from, change) }));
  const nothing = rows.filter((row) => row.to <= 0);
  if (nothing.length > 0) {
    return {
      field: "amount",
      message: `That would make ${nothing.length === 1 ? "this price" : "these prices"} $0 or less: ${listWords(nothing.map(fromTo))}. Choose a smaller change.`,
    };
  }
  const tooDear = rows.filter((row) => row.to > PRICE_MAX_CENTS);
  if (tooDear.length > 0) {
    return {
      field: "amount",
      message: `That would make ${tooDear.length === 1 ? "this price" : "these prices"} more than ${formatPrice(PRICE_MAX_CENTS)}, the most a dish can cost: ${listWords(tooDear.map(fromTo))}. Choose a smaller change.`,
    };
  }
  const key = createHash("sha256")
    .update(JSON.stringify([section.id, rows.map((row) => [row.id, row.from, row.to])]))
    .digest("hex")
    .slice(0, 16);
  return {
    section,
    words: changeWords(change),
    rows,
    free: dishes.filter((dish) => dish.from === 0).map(dishWords),
    key,
  };
}

/** Every new price `change` would give its section's dishes; nothing is written. */
export function previewPriceChange(
  tx: Database,
  change: PriceChange,
): Promise<PriceProblem | PricePreview> {
  return plan(tx, change);
}

/**
 * Saves `change` in `tx` if it still does what the check showed (`key`):
 * every new price, or none. When the section's dishes or prices have
 * changed since, nothing is written and the answer is the preview as it
 * would be now.
 */
export async function savePriceChange(
  tx: Database,
  change: PriceChange,
  key: string,
): Promise<PriceProblem | { stale: PricePreview } | { saved: PricePreview; changed: number }> {
  const preview = await plan(tx, change, { lock: true });
  if ("field" in preview) return preview;
  if (preview.key !== key) return { stale: preview };
  const changing = preview.rows.filter((row) => row.to !== row.from);
  // Every dish's new price is one change in Recent changes, undone as one.
  await asOneChange(tx, `Changed the prices of “${preview.section.name}”, ${preview.words}`);
  for (const row of changing) {
    await tx.query(
      "update public.menu_items set price_cents = $2, updated_at = now() where id = $1",
      [row.id, row.to],
    );
  }
  return { saved: preview, changed: changing.length };
}
