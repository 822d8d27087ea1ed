import { randomUUID } from "node:crypto";
import type { Database } from "~/platform/database/database.server";

/**
 * A menu section of a test's own, named `${prefix} <random>`, at the end of
 * the menu, with dishes at these prices in this order (a portion after a
 * " | ": "Cider | 16 oz"); its id and name.
 */
export async function sectionWith(
  db: Database,
  dishes: Record<string, number>,
  prefix = "Test Section",
): Promise<{ id: number; name: string }> {
  const name = `${prefix} ${randomUUID().slice(0, 8)}`;
  const [section] = await db.query<{ id: number }>(
    `insert into public.menu_sections (slug, name, sort_order)
     values ($1, $2, 1000) returning id::int as id`,
    [name.toLowerCase().replaceAll(" ", "-"), name],
  );
  let order = 10;
  for (const [dish, cents] of Object.entries(dishes)) {
    const [dishName, portion = ""] = dish.split(" | ");
    await db.query(
      `insert into public.menu_items (section_id, name, portion, price_cents, sort_order)
       values ($1, $2, $3, $4, $5)`,
      [section!.id, dishName!, portion, cents, (order += 10)],
    );
  }
  return { id: section!.id, name };
}
