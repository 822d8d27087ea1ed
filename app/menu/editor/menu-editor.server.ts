import { databaseErrorCode, type Database } from "~/platform/database/database.server";
import type { OrderedRows } from "~/platform/database/ordered-rows.server";
import { pubDayEndAfter } from "~/platform/clock/pub-day";
import { defineEditorStore, type RowChoices, type TiedRows } from "~/platform/forms/editor-spec";
import { parseRowChoice } from "~/platform/forms/field-rules";
import {
  availabilityAt,
  type Allergen,
  type Availability,
  type Badge,
  type DietaryTag,
} from "~/menu/menu";
import {
  ITEM_PICTURE_NAMES,
  itemAnchor,
  itemEditor,
  newItemValues,
  sectionAnchor,
  sectionEditor,
  type EditorItem,
  type EditorMenu,
  type EditorSection,
} from "./menu-editor";
import {
  itemSectionProblem,
  sectionItemsProblem,
  type ItemInput,
  type SectionInput,
} from "./menu-rules";
import { editorRowCheck, type TableRowRules } from "~/platform/forms/row-rules.server";

/**
 * The staff menu editor's queries. Each runs in the transaction the caller
 * opened as the signed-in staff member (writeAsStaff, readAsStaff), so row
 * level security applies and the audit log names them.
 */

const SECTION_COLUMNS = `
  id::int as id, slug, name, description, note, may_contain as "mayContain",
  not published as hidden, sample`;

const ITEM_COLUMNS = `
  id::int as id, section_id::int as "sectionId", name, description,
  price_cents as "priceCents", portion,
  dietary_tags as "dietaryTags", allergens, badges, available,
  to_char(unavailable_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "unavailableUntil",
  featured, not published as hidden, sample, image_path as "imagePath", image_alt as "imageAlt",
  event_id::int as "eventId",
  (select e.title from public.events e where e.id = event_id) as "eventTitle"`;

type ItemRow = Omit<EditorItem, "dietaryTags" | "allergens" | "badges"> & {
  dietaryTags: string[];
  allergens: string[];
  badges: string[];
};

function toItem(row: ItemRow): EditorItem {
  return {
    ...row,
    dietaryTags: row.dietaryTags as DietaryTag[],
    allergens: row.allergens as Allergen[],
    badges: row.badges as Badge[],
  };
}

/** Every section in order (hidden ones too), each with every item in order. */
export async function listMenuForEditor(tx: Database): Promise<EditorMenu> {
  const sections = await tx.query<EditorSection>(
    `select ${SECTION_COLUMNS} from public.menu_sections order by sort_order, id`,
  );
  const items = await tx.query<ItemRow>(
    `select ${ITEM_COLUMNS} from public.menu_items order by sort_order, id`,
  );
  const bySection = new Map(sections.map((section) => [section.id, [] as EditorItem[]]));
  for (const row of items) bySection.get(row.sectionId)?.push(toItem(row));
  return sections.map((section) => ({ ...section, items: bySection.get(section.id) ?? [] }));
}

/** Every section's id and name in order, for the item form's choice of section. */
export function listSectionChoices(
  tx: Database,
): Promise<Pick<EditorSection, "id" | "name" | "hidden">[]> {
  return tx.query(
    `select id::int as id, name, not published as hidden
     from public.menu_sections order by sort_order, id`,
  );
}

/** One section, or null when there is none with that id. */
export async function getSection(tx: Database, id: number): Promise<EditorSection | null> {
  const [section] = await tx.query<EditorSection>(
    `select ${SECTION_COLUMNS} from public.menu_sections where id = $1`,
    [id],
  );
  return section ?? null;
}

/** How many items a section holds (deleting it deletes them). */
export async function countSectionItems(tx: Database, id: number): Promise<number> {
  const [row] = await tx.query<{ count: number }>(
    "select count(*)::int as count from public.menu_items where section_id = $1",
    [id],
  );
  return row?.count ?? 0;
}

/** One item, or null when there is none with that id. */
export async function getItem(tx: Database, id: number): Promise<EditorItem | null> {
  const [row] = await tx.query<ItemRow>(
    `select ${ITEM_COLUMNS} from public.menu_items where id = $1`,
    [id],
  );
  return row ? toItem(row) : null;
}

/** A section's values, in the order its insert and update name them. */
function sectionParams(section: SectionInput) {
  return [
    section.slug,
    section.name,
    section.description,
    section.note,
    section.mayContain,
    !section.hidden,
  ] as const;
}

/** Adds a section after the others; its id. */
export async function insertSection(tx: Database, section: SectionInput): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `insert into public.menu_sections (slug, name, description, note, may_contain, published,
       sort_order)
     values ($1, $2, $3, $4, $5::text[], $6,
       (select coalesce(max(sort_order), 0) + 10 from public.menu_sections))
     returning id::int as id`,
    sectionParams(section),
  );
  return row!.id;
}

/** Saves a section's fields; false when there is no such section. */
export async function updateSection(
  tx: Database,
  id: number,
  section: SectionInput,
): Promise<boolean> {
  const rows = await tx.query(
    `update public.menu_sections
     set slug = $1, name = $2, description = $3, note = $4, may_contain = $5::text[],
       published = $6, sample = false, updated_at = now()
     where id = $7 returning id`,
    [...sectionParams(section), id],
  );
  return rows.length > 0;
}

/** Deletes a section and its items; false when there was no such section. */
export async function deleteSection(tx: Database, id: number): Promise<boolean> {
  const rows = await tx.query("delete from public.menu_sections where id = $1 returning id", [id]);
  return rows.length > 0;
}

/** An item's fields as the editor saves them, with the picture its post settled on. */
function itemParams(item: ItemInput, picture: string | null) {
  return [
    item.sectionId,
    item.name,
    item.description,
    item.price,
    item.portion,
    item.dietaryTags,
    item.allergens,
    item.badges,
    item.available,
    item.featured,
    !item.hidden,
    picture,
    picture === null ? "" : item.imageAlt,
    item.eventId,
  ] as const;
}

/** The sort order that puts an item last in its section. */
const LAST_IN_SECTION = `(select coalesce(max(sort_order), 0) + 10 from public.menu_items
  where section_id = $1)`;

/** Adds an item at the end of its section, with its picture (or none); its id. */
export async function insertItem(
  tx: Database,
  item: ItemInput,
  picture: string | null = null,
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `insert into public.menu_items (section_id, name, description, price_cents, portion,
       dietary_tags, allergens, badges, available, featured, published, image_path, image_alt,
       event_id, sort_order)
     values ($1, $2, $3, $4, $5, $6::text[], $7::text[], $8::text[], $9, $10, $11, $12, $13,
       $14::bigint, ${LAST_IN_SECTION})
     returning id::int as id`,
    itemParams(item, picture),
  );
  return row!.id;
}

/**
 * Saves an item's fields and picture (null: none); false when there is no
 * such item. An item moved to another section goes to the end of it.
 */
export async function updateItem(
  tx: Database,
  id: number,
  item: ItemInput,
  picture: string | null,
): Promise<boolean> {
  const rows = await tx.query(
    `update public.menu_items
     set section_id = $1, name = $2, description = $3, price_cents = $4, portion = $5,
       dietary_tags = $6::text[], allergens = $7::text[], badges = $8::text[],
       available = $9, featured = $10, published = $11, image_path = $12, image_alt = $13,
       event_id = $14::bigint,
       sort_order = case when section_id = $1 then sort_order else ${LAST_IN_SECTION} end,
       sample = false, updated_at = now()
     where id = $15 returning id`,
    [...itemParams(item, picture), id],
  );
  return rows.length > 0;
}

/** Deletes an item; false when there was no such item. */
export async function deleteItem(tx: Database, id: number): Promise<boolean> {
  const rows = await tx.query("delete from public.menu_items where id = $1 returning id", [id]);
  return rows.length > 0;
}

/**
 * Sets what visitors are told of an item at `now`: available; not available
 * today (until the pub's day ends, 4 am, when it is available again by
 * itself); or off the menu until staff put it back. Its name, or null when
 * there is no such item.
 */
export async function setItemAvailability(
  tx: Database,
  id: number,
  availability: Availability,
  now: Date,
): Promise<string | null> {
  const until = availability === "not-today" ? pubDayEndAfter(now).toISOString() : null;
  const [row] = await tx.query<{ name: string }>(
    `update public.menu_items
     set available = $2, unavailable_until = $3::timestamptz, updated_at = now()
     where id = $1 returning name`,
    [id, availability !== "off-menu", until],
  );
  return row?.name ?? null;
}

/** The menu's sections, in one list. */
export const MENU_SECTIONS: OrderedRows = { table: "menu_sections", name: "name" };
/** Each section's items, a list apiece. */
export const MENU_ITEMS: OrderedRows = { table: "menu_items", name: "name", within: "section_id" };

/**
 * A section's name and what it may contain, for the item form's check;
 * null when there is no such section. Locked, so the section's list cannot
 * change under the item being saved.
 */
export async function sectionTraces(
  tx: Database,
  id: number,
): Promise<{ name: string; mayContain: Allergen[] } | null> {
  const [row] = await tx.query<{ name: string; mayContain: Allergen[] }>(
    `select name, may_contain as "mayContain" from public.menu_sections where id = $1 for update`,
    [id],
  );
  return row ?? null;
}

/**
 * The items in a section (hidden ones too) with their diet tags, for the
 * section form's check; locked, so none is retagged under the save.
 */
export async function sectionItemTags(
  tx: Database,
  id: number,
): Promise<{ name: string; dietaryTags: DietaryTag[] }[]> {
  return tx.query(
    `select name, dietary_tags as "dietaryTags" from public.menu_items
     where section_id = $1 order by sort_order, id for update`,
    [id],
  );
}

/**
 * Before an event is deleted: its dishes are hidden and untied, so none
 * outlives its event to be on the menu every day instead. Their names.
 */
export async function untieItems(tx: Database, eventId: number): Promise<string[]> {
  const rows = await tx.query<{ name: string }>(
    `update public.menu_items set event_id = null, published = false, updated_at = now()
     where event_id = $1 returning name`,
    [eventId],
  );
  return rows.map((row) => row.name);
}

/** The section editor's queries. */
export const sectionStore = defineEditorStore(sectionEditor, {
  rulesContext: () => undefined,
  async find(tx, id) {
    const section = await getSection(tx, id);
    return section && { ...section, itemCount: await countSectionItems(tx, id) };
  },
  async save(tx, id, section) {
    if (id === "new") return insertSection(tx, section);
    // What the section may pass on may not make its items' diet tags untrue.
    const clash = sectionItemsProblem(section.mayContain, await sectionItemTags(tx, id));
    if (clash) return { refused: { mayContain: clash } };
    return (await updateSection(tx, id, section)) ? id : null;
  },
  refused: (error, section) =>
    databaseErrorCode(error) === "23505"
      ? {
          slug: `Another section already has the web address “${section.slug}”; enter a different one.`,
        }
      : null,
  async remove(tx, id) {
    const existing = await getSection(tx, id);
    return existing && (await deleteSection(tx, id)) ? existing : null;
  },
  deleted: (section) => ({
    to: "/staff/menu",
    title: `Deleted “${section.name}”. Visitors no longer see it.`,
  }),
  savedTo: (id) => `/staff/menu#${sectionAnchor(id)}`,
  shown: (section) => !section.hidden,
});

const NO_SUCH_SECTION = "That section is no longer on the menu; choose one of the sections listed.";

/**
 * The item editor's queries, with the events a dish may go with (`events`:
 * the events domain's, handed over by the route).
 */
const itemRows = { rulesContext: () => undefined, find: getItem };

export const itemStore = (events: RowChoices) =>
  defineEditorStore(itemEditor, {
    ...itemRows,
    async load(tx, item, request, now) {
      const sections = await listSectionChoices(tx);
      // A new item starts in the section it was added from.
      const from = parseRowChoice(new URL(request.url).searchParams.get("section") ?? "");
      return {
        sections,
        events: await events.list(tx, now, item?.eventId ?? null),
        startIn: sections.some((section) => section.id === from) ? (from ?? null) : null,
        // Out for the day is chosen on the menu list; the form says so while it lasts.
        outToday: item !== null && availabilityAt(item, now) === "not-today",
      };
    },
    newValues: ({ startIn }) => newItemValues(startIn),
    pictures: [ITEM_PICTURE_NAMES],
    async save(tx, id, item, [picture]) {
      const section = await sectionTraces(tx, item.sectionId);
      if (!section) return { refused: { sectionId: NO_SUCH_SECTION } };
      // Its diet tags may not promise what the section's shared equipment rules out.
      const traces = itemSectionProblem(item.dietaryTags, section);
      if (traces) return { refused: { dietaryTags: traces } };
      if (item.eventId !== null && !(await events.exists(tx, item.eventId))) {
        return { refused: { eventId: events.gone } };
      }
      // Nothing chosen and nothing kept: the item has no picture.
      const path = picture!.path ?? null;
      if (id === "new") return insertItem(tx, item, path);
      return (await updateItem(tx, id, item, path)) ? id : null;
    },
    // The section deleted between the check and the write (the event is held by the check).
    refused: (error) =>
      databaseErrorCode(error) === "23503" ? { sectionId: NO_SUCH_SECTION } : null,
    async remove(tx, id) {
      const existing = await getItem(tx, id);
      return existing && (await deleteItem(tx, id)) ? existing : null;
    },
    deleted: (item) => ({
      to: `/staff/menu#section-${item.sectionId}`,
      title: `Deleted “${item.name}”. Visitors no longer see it.`,
    }),
    savedTo: (id) => `/staff/menu#${itemAnchor(id)}`,
    shown: (item) => !item.hidden,
  });

/** The dishes that go with an event, for its editor to untie when it is deleted. */
export const dishesOfEvent: TiedRows = { untie: untieItems, where: "on the menu page" };

/**
 * What undoing a change to the menu must keep: its editors' rules, and no
 * section taken away again while items are in it (they would go with it).
 */
export const menuRowRules: TableRowRules = {
  menu_sections: {
    check: editorRowCheck(sectionEditor, sectionStore),
    async removal(tx, key) {
      const items = await countSectionItems(tx, Number(key));
      if (items === 0) return null;
      const them = items === 1 ? "it" : "them";
      return `the section has ${items === 1 ? "an item" : `${items} items`} in it now, which removing it would delete too. Move or delete ${them} first.`;
    },
  },
  menu_items: { check: editorRowCheck(itemEditor, itemRows) },
};
