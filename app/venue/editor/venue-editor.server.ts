import { databaseErrorCode, type Database } from "~/platform/database/database.server";
import type { OrderedRows } from "~/platform/database/ordered-rows.server";
import { defineEditorStore } from "~/platform/forms/editor-spec";
import {
  PHOTO_SLOTS,
  packageEditor,
  photoNames,
  spaceEditor,
  type EditablePackage,
  type EditableSpace,
} from "./venue-editor";
import type { PackageInput, SpaceInput } from "./venue-rules";
import { parsePhotos } from "~/venue/venue.server";
import { editorRowCheck, type TableRowRules } from "~/platform/forms/row-rules.server";

/**
 * The staff editor's queries on venue spaces and packages: every row, hidden
 * ones too, the writes, and moving a row up or down the list. Run them inside
 * `readAsStaff`/`writeAsStaff`, so row level security decides and the audit
 * log records who changed what.
 */

type SpaceRow = Omit<EditableSpace, "photos"> & { photos: string };

const SPACE_SELECT = `
  select id::int as id, slug, name, summary, description,
    seated_capacity as "seatedCapacity", standing_capacity as "standingCapacity",
    features, step_free as "stepFree", accessibility_note as "accessibilityNote",
    photos::text as photos, published, sample
  from public.venue_spaces`;

const PACKAGE_SELECT = `
  select id::int as id, name, description, price_cents as "priceCents",
    price_unit as "priceUnit", minimum_guests as "minimumGuests", includes, published, sample
  from public.venue_packages`;

const toSpace = (row: SpaceRow): EditableSpace => ({ ...row, photos: parsePhotos(row.photos) });

/** Every space, in the order the venue page lists them. */
export async function spacesForStaff(tx: Database): Promise<EditableSpace[]> {
  const rows = await tx.query<SpaceRow>(`${SPACE_SELECT} order by sort_order, id`);
  return rows.map(toSpace);
}

/** One space, or null. */
export async function spaceForStaff(tx: Database, id: number): Promise<EditableSpace | null> {
  const [row] = await tx.query<SpaceRow>(`${SPACE_SELECT} where id = $1`, [id]);
  return row ? toSpace(row) : null;
}

/** Every package, in the order the venue page lists them. */
export function packagesForStaff(tx: Database): Promise<EditablePackage[]> {
  return tx.query<EditablePackage>(`${PACKAGE_SELECT} order by sort_order, id`);
}

/** One package, or null. */
export async function packageForStaff(tx: Database, id: number): Promise<EditablePackage | null> {
  const [row] = await tx.query<EditablePackage>(`${PACKAGE_SELECT} where id = $1`, [id]);
  return row ?? null;
}

// Lists go in as JSON, which both drivers pass the same way.
const textArray = (param: string) =>
  `array(select jsonb_array_elements_text(${param}::text::jsonb))::text[]`;

function spaceValues(space: SpaceInput) {
  return [
    space.slug,
    space.name,
    space.summary,
    space.description,
    space.seatedCapacity,
    space.standingCapacity,
    JSON.stringify(space.features),
    space.stepFree,
    space.accessibilityNote,
    space.published,
  ];
}

/** A space's photos as saved: each a picture's path and its description. */
export type SpacePhoto = { path: string; alt: string };

/** Adds a space at the end of the list, with its photos; its id. */
export async function insertSpace(
  tx: Database,
  space: SpaceInput,
  photos: readonly SpacePhoto[] = [],
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `insert into public.venue_spaces (slug, name, summary, description, seated_capacity,
       standing_capacity, features, step_free, accessibility_note, published, photos, sort_order)
     values ($1, $2, $3, $4, $5, $6, ${textArray("$7")}, $8, $9, $10, $11::text::jsonb,
       (select coalesce(max(sort_order), 0) + 10 from public.venue_spaces))
     returning id::int as id`,
    [...spaceValues(space), JSON.stringify(photos)],
  );
  return row!.id;
}

/**
 * Saves a space's fields and, when given, its photos (left out: they stay as
 * they are); false when there is no such space.
 */
export async function updateSpace(
  tx: Database,
  id: number,
  space: SpaceInput,
  photos?: readonly SpacePhoto[],
): Promise<boolean> {
  const rows = await tx.query(
    `update public.venue_spaces set slug = $1, name = $2, summary = $3, description = $4,
       seated_capacity = $5, standing_capacity = $6, features = ${textArray("$7")},
       step_free = $8, accessibility_note = $9, published = $10,
       photos = coalesce($11::text::jsonb, photos), sample = false, updated_at = now()
     where id = $12 returning id`,
    [...spaceValues(space), photos ? JSON.stringify(photos) : null, id],
  );
  return rows.length > 0;
}

function packageValues(pack: PackageInput) {
  return [
    pack.name,
    pack.description,
    pack.priceCents,
    pack.priceUnit,
    pack.minimumGuests,
    JSON.stringify(pack.includes),
    pack.published,
  ];
}

/** Adds a package at the end of the list; its id. */
export async function insertPackage(tx: Database, pack: PackageInput): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `insert into public.venue_packages (name, description, price_cents, price_unit,
       minimum_guests, includes, published, sort_order)
     values ($1, $2, $3, $4, $5, ${textArray("$6")}, $7,
       (select coalesce(max(sort_order), 0) + 10 from public.venue_packages))
     returning id::int as id`,
    packageValues(pack),
  );
  return row!.id;
}

/** Saves a package; false when there is no such package. */
export async function updatePackage(
  tx: Database,
  id: number,
  pack: PackageInput,
): Promise<boolean> {
  const rows = await tx.query(
    `update public.venue_packages set name = $1, description = $2, price_cents = $3,
       price_unit = $4, minimum_guests = $5, includes = ${textArray("$6")}, published = $7,
       sample = false, updated_at = now()
     where id = $8 returning id`,
    [...packageValues(pack), id],
  );
  return rows.length > 0;
}

/** The venue tables the editor deletes from and reorders. */
export type VenueTable = "venue_spaces" | "venue_packages";

/** Deletes a space or package; false when there was none. */
export async function deleteVenueRow(tx: Database, table: VenueTable, id: number) {
  const rows = await tx.query(`delete from public.${table} where id = $1 returning id`, [id]);
  return rows.length > 0;
}

/** The venue page's lists: its spaces, and its packages. */
export const VENUE_ROWS = {
  space: { table: "venue_spaces", name: "name" },
  package: { table: "venue_packages", name: "name" },
} as const satisfies Record<string, OrderedRows>;

/** The space editor's queries. */
export const spaceStore = defineEditorStore(spaceEditor, {
  rulesContext: () => undefined,
  find: spaceForStaff,
  pictures: PHOTO_SLOTS.map(photoNames),
  async save(tx, id, space, pictures) {
    const photos = pictures.flatMap(({ path }, slot) =>
      typeof path === "string" ? [{ path, alt: space.photoAlts[slot]! }] : [],
    );
    if (id === "new") return insertSpace(tx, space, photos);
    return (await updateSpace(tx, id, space, photos)) ? id : null;
  },
  refused: (error, space) =>
    databaseErrorCode(error) === "23505"
      ? {
          slug: `Another space already uses the web address “${space.slug}”. Enter a different one.`,
        }
      : null,
  remove: (tx, id) => deleteVenueRow(tx, "venue_spaces", id),
  deleted: () => ({ to: "/staff/venue", title: "Space deleted." }),
  savedTo: (id) => `/staff/venue/spaces/${id}`,
  shown: (space) => space.published,
});

/** The package editor's queries. */
export const packageStore = defineEditorStore(packageEditor, {
  rulesContext: () => undefined,
  find: packageForStaff,
  newValues: () => ({ priceUnit: "per-guest" }),
  save: async (tx, id, pack) =>
    id === "new" ? insertPackage(tx, pack) : (await updatePackage(tx, id, pack)) ? id : null,
  remove: (tx, id) => deleteVenueRow(tx, "venue_packages", id),
  deleted: () => ({ to: "/staff/venue", title: "Package deleted." }),
  savedTo: (id) => `/staff/venue/packages/${id}`,
  shown: (pack) => pack.published,
});

/** What undoing a change to a space or a package must keep: its editor's rules. */
export const venueRowRules: TableRowRules = {
  venue_spaces: { check: editorRowCheck(spaceEditor, spaceStore) },
  venue_packages: { check: editorRowCheck(packageEditor, packageStore) },
};
