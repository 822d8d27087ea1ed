import type { z } from "zod";
import type { Database } from "../database/database.server";
import type { FieldErrors, FormValues } from "./form-check";
import type { FieldSpec, PictureNames } from "./field-specs";
import type { FormSpec } from "./form-spec";

/**
 * What a domain declares of its staff editor: one row of a content table,
 * at `/staff/<things>/:id` ("new" for a new one). The domain says it once,
 * in its own words; the staff area's editor kit turns it into the route's
 * loader, action, meta and handle, and draws the page (back link, heading,
 * form, delete). `EditorSpec` is safe for the browser; `EditorStore`, in the
 * domain's `*.server.ts`, holds the queries.
 */

/** A row an editor shows: anything with an id. */
export type EditorRow = { id: number };

export type EditorSpec<
  Field extends string,
  Row extends EditorRow,
  Context,
  Schema extends z.ZodType = z.ZodType,
  Loaded = unknown,
> = {
  form: FormSpec<Field, Schema, Context>;
  /**
   * The form's fields, from the values it shows now (as typed, when a post
   * came back) and what the page read besides the row (`EditorStore.load`).
   */
  fields: (values: Partial<FormValues<Field>>, loaded: Loaded) => readonly FieldSpec<Field>[];
  /** The list the editor belongs to: where Back goes, and what it says (none for a page's one row). */
  list?: { path: string; label: string };
  /** The page's heading: a saved row's, or a new one's. */
  title: (row: Row | null) => string;
  /** The page's title in the browser, where it says more than the heading. */
  pageTitle?: (row: Row | null) => string;
  /** A sentence under the heading: what the row is. */
  intro?: string;
  /** The button's words, for a new row and for a saved one. */
  submit: { add: string; save: string };
  /** How Delete speaks of a saved row ("“Wings”") and what deleting it does; none: not deleted here. */
  remove?: { what: (row: Row) => string; consequence: string | ((row: Row) => string) };
  /** A saved row's own page ("Keep it" after Delete goes back there). */
  path: (id: number) => string;
  /** A saved row as the form's values. */
  values: (row: Row) => Partial<FormValues<Field>>;
  /** Whether the form carries pictures: it posts multipart, and the route takes a larger body. */
  pictures?: boolean;
};

/** A domain's editor, declared with its types kept. */
export function defineEditor<
  Field extends string,
  Row extends EditorRow,
  Context,
  Schema extends z.ZodType,
  Loaded = unknown,
>(
  spec: EditorSpec<Field, Row, Context, Schema, Loaded>,
): EditorSpec<Field, Row, Context, Schema, Loaded> {
  return spec;
}

/**
 * What a post says of a picture: `path` the picture to show (a file chosen
 * now and saved, else the kept one), null to remove it, undefined to leave
 * it as it is (or `error` says why it cannot be read).
 */
export type PictureFields = { path: string | null | undefined; error?: string };

/** Why a row cannot be saved as posted: words by the fields, or over the form. */
export type SaveRefused<Field extends string> = { refused: FieldErrors<Field> | string };

/** What a save answers: the row's id, null when the row is gone, or why it cannot be saved. */
export type SaveResult<Field extends string> = number | null | SaveRefused<Field>;

export type EditorStore<
  Field extends string,
  Row extends EditorRow,
  Data,
  Context,
  Loaded extends object = object,
  Removed = unknown,
> = {
  /** What the form's rules are made for at an instant (today's date). */
  rulesContext: (now: Date) => Context;
  /** False where rows are never added (a page's words: one row per page), so "new" is no address. */
  adds?: false;
  /** The saved row as staff see it (hidden ones too); null when there is none. */
  find: (tx: Database, id: number) => Promise<Row | null | undefined>;
  /** What else the page shows beside the row (the sections to choose from), read with it. */
  load?: (tx: Database, row: Row | null, request: Request, now: Date) => Promise<Loaded>;
  /** A new row's first values, from what `load` read (the section it was added from). */
  newValues?: (loaded: Loaded) => Partial<FormValues<Field>>;
  /** The pictures the form takes: each chosen file is stored before the rest is checked, so a refusal keeps it. */
  pictures?: readonly PictureNames<Field>[];
  /** Saves a checked post; `pictures` are what the post says of each, in `pictures`' order. */
  save: (
    tx: Database,
    id: "new" | number,
    data: Data,
    pictures: readonly PictureFields[],
  ) => Promise<SaveResult<Field>>;
  /** A constraint the database enforced, in words for staff; null for any other error. */
  refused?: (error: unknown, data: Data) => FieldErrors<Field> | string | null;
  /** Deletes the row: falsy when it was not there. */
  remove?: (tx: Database, id: number) => Promise<Removed>;
  /** Where a deletion goes, and what its toast says (and, when there is more to say, below it). */
  deleted?: (removed: NonNullable<Removed>) => { to: string; title: string; description?: string };
  /** Where a saved row's editor goes next (`data`: what was saved). */
  savedTo: (id: number, data: Data) => string;
  /** Whether visitors see the row as saved: none, always; a hidden one's toast says it is hidden. */
  shown?: (data: Data) => boolean;
};

/** The queries of a domain's editor, typed by the editor they serve. */
export function defineEditorStore<
  Field extends string,
  Row extends EditorRow,
  Context,
  Schema extends z.ZodType,
  Loaded = unknown,
  Removed = unknown,
>(
  _editor: EditorSpec<Field, Row, Context, Schema, Loaded>,
  store: EditorStore<
    NoInfer<Field>,
    NoInfer<Row>,
    z.output<NoInfer<Schema>>,
    NoInfer<Context>,
    NoInfer<Loaded> & object,
    Removed
  >,
): EditorStore<Field, Row, z.output<Schema>, Context, Loaded & object, Removed> {
  return store;
}

/** A row a field offers: its id, and how the list names it. */
export type RowChoice = { id: number; label: string };

/** Rows as a list's choices. */
export const rowOptions = (rows: readonly RowChoice[]) =>
  rows.map(({ id, label }) => ({ value: String(id), label }));

/**
 * Rows of another domain an editor's field chooses from (the event a special
 * goes with): what the choice lists, and whether a chosen one is still there.
 * The domain that owns the rows provides it; the editor's route hands it over.
 */
export type RowChoices = {
  /** The rows to offer at `now`, with `current` (the saved choice) among them. */
  list: (tx: Database, now: Date, current: number | null) => Promise<RowChoice[]>;
  exists: (tx: Database, id: number) => Promise<boolean>;
  /** What the field says when the chosen row has gone since the form was shown. */
  gone: string;
};

/**
 * Rows of another domain tied to the row an editor deletes (the specials
 * that go with an event): untied and hidden first, so none outlives it to
 * show every day. `where` says where to tie them again ("on the specials page").
 */
export type TiedRows = {
  /** Unties and hides the rows tied to `id`; their names. */
  untie: (tx: Database, id: number) => Promise<string[]>;
  where: string;
};
