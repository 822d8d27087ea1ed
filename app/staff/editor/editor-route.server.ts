import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import type {
  EditorRow,
  EditorSpec,
  EditorStore,
  PictureFields,
  SaveResult,
} from "~/platform/forms/editor-spec";
import type { FieldErrors, FormValues } from "~/platform/forms/form-check";
import { checkPost, refusePost } from "~/platform/forms/form-post.server";
import { defineForm } from "~/platform/forms/form-spec";
import { ALT_TEXT_REQUIRED } from "~/images/uploads";
import {
  describePicture,
  holdPictures,
  rowsDescribingOtherwise,
} from "~/images/picture-descriptions.server";
import { asOneChange } from "~/platform/database/one-change.server";
import { cleanLine } from "~/platform/forms/typed-input";
import { redirectWithToast } from "~/platform/toast.server";
import { CONFIRM_FIELD, DELETE_INTENT } from "./editor-ui";
import { editorRowId, notFound, readAsStaff, redirectSaved, writeAsStaff } from "./editor.server";
import { readPictureFields } from "./picture-uploads.server";
import { staffAction } from "./staff-action.server";

/**
 * The editor kit's server half: from a domain's `EditorSpec` and
 * `EditorStore`, the loader and the action of the editor's route.
 */

type EditorArgs = {
  request: Request;
  params: { id?: string };
  context: Readonly<RouterContextProvider>;
};

/** An editor's address names "new" or a row's id; a route without `:id` edits its one row. */
const SINGLE_ROW = 1;
const rowIdOf = (params: { id?: string }) => ("id" in params ? editorRowId(params.id) : SINGLE_ROW);

/** The sentence of a save whose picture's description other rows take too, in Recent changes. */
const PICTURE_DESCRIBED = "Saved a picture's description wherever the picture is shown";

/** The fields of one picture in a form. */
type PictureNamesOf = { kept: string; alt: string; remove?: string };

/**
 * Each picture a row or a post shows, with its description (cleaned as the
 * editors' rules clean it): from its form values, a picture being removed left out.
 */
function describedPictures(
  names: readonly PictureNamesOf[],
  values: Partial<Record<string, string>>,
): { path: string; description: string }[] {
  return names.flatMap((each) => {
    const path = values[each.kept];
    const description = cleanLine(values[each.alt] ?? "");
    const removed = each.remove !== undefined && Boolean(values[each.remove]);
    return path && description && !removed ? [{ path, description }] : [];
  });
}

/**
 * The loader of an editor's route: the row (a 404 when there is none), what
 * else the page shows, the form's first values, and the context its rules
 * are made for, all read as the signed-in staff member.
 */
export function editorLoader<
  Field extends string,
  Row extends EditorRow,
  Data,
  Context,
  Loaded extends object,
  Removed,
>(
  editor: Pick<EditorSpec<Field, Row, Context, z.ZodType, never>, "values">,
  store: EditorStore<Field, Row, Data, Context, Loaded, Removed>,
) {
  return async ({ request, params, context }: EditorArgs) => {
    const id = rowIdOf(params);
    if (id === "new" && store.adds === false) throw notFound();
    const now = new Date();
    const found = await readAsStaff(context, async (tx) => {
      const row = id === "new" ? null : ((await store.find(tx, id)) ?? null);
      const loaded = (await store.load?.(tx, row, request, now)) ?? ({} as Loaded);
      return { row, loaded };
    });
    if (id !== "new" && !found.row) throw notFound();
    const { row, loaded } = found;
    const values: Partial<FormValues<Field>> = row
      ? editor.values(row)
      : (store.newValues?.(loaded) ?? {});
    return { ...loaded, row, values, rulesContext: store.rulesContext(now) };
  };
}

/** What the first press of Delete answers: the page asks "are you sure?". */
const CONFIRM_DELETE = { confirmDelete: true } as const;

/** The delete buttons' form: the first press asks, the second (`confirm=yes`) means it. */
const deleteForm = defineForm({
  id: "delete",
  fields: ["intent", CONFIRM_FIELD],
  intents: [DELETE_INTENT],
  labels: {},
  rules: async () =>
    z.object({ intent: z.literal(DELETE_INTENT), [CONFIRM_FIELD]: z.string().optional() }),
});

/**
 * The action of an editor's route. Delete asks first, then deletes as the
 * staff member and goes back to the list with a toast. A save stores any
 * chosen picture first (so a refusal keeps it), checks the post by the
 * form's rules, saves as the staff member and goes on to `savedTo` with a
 * toast; a refused post comes back as it was sent with each field's
 * problem, and the database out of reach gives the form back as typed.
 */
export function editorAction<
  Field extends string,
  Row extends EditorRow,
  Schema extends z.ZodType,
  Context,
  Loaded extends object,
  Removed,
>(
  editor: EditorSpec<Field, Row, Context, Schema, never>,
  store: EditorStore<Field, Row, z.output<Schema>, Context, Loaded, Removed>,
) {
  const { form } = editor;
  return staffAction<EditorArgs>([
    {
      form: deleteForm,
      async handle(post, { params, context }) {
        const id = rowIdOf(params);
        const { remove, deleted } = store;
        if (id === "new" || !remove || !deleted) throw notFound();
        if (post.get(CONFIRM_FIELD) !== "yes") {
          if (!(await readAsStaff(context, (tx) => store.find(tx, id)))) throw notFound();
          return CONFIRM_DELETE;
        }
        const removed = await writeAsStaff(context, (tx) => remove(tx, id));
        if (!removed) throw notFound();
        const { to, title, description } = deleted(removed);
        return redirectWithToast(to, {
          type: "success",
          title,
          ...(description ? { description } : {}),
        });
      },
    },
    {
      form,
      async handle(post, { params, context }) {
        const id = rowIdOf(params);
        if (id === "new" && store.adds === false) throw notFound();
        const pictures: PictureFields[] = [];
        for (const names of store.pictures ?? []) {
          pictures.push(await readPictureFields(context, post, names));
        }
        const checked = await checkPost(post, form, store.rulesContext(new Date()));
        const values: Partial<FormValues<Field>> = { ...checked.values };
        const errors: FieldErrors<Field> = checked.ok ? {} : { ...checked.errors };
        store.pictures?.forEach(({ file, kept, alt }, index) => {
          const { path, error } = pictures[index]!;
          if (typeof path === "string") values[kept] = path;
          if (error) errors[file] = error;
          if (typeof path === "string" && !values[alt]?.trim() && !errors[alt]) {
            errors[alt] = ALT_TEXT_REQUIRED;
          }
        });
        if (!checked.ok || Object.keys(errors).length > 0) return refusePost(form, values, errors);

        let saved: SaveResult<Field>;
        try {
          saved = await writeAsStaff(context, async (tx) => {
            // A picture's description belongs to the picture: one that other
            // rows show differently makes this save one change with theirs,
            // listed and undone as one.
            const names = store.pictures ?? [];
            const typedPictures = describedPictures(names, values);
            await holdPictures(
              tx,
              typedPictures.map((typed) => typed.path),
            );
            const before = id === "new" ? null : await store.find(tx, id);
            const own = before ? describedPictures(names, editor.values(before)) : [];
            for (const typed of typedPictures) {
              const elsewhere = await rowsDescribingOtherwise(tx, typed.path, typed.description);
              const mine = own.some(
                (shown) => shown.path === typed.path && shown.description !== typed.description,
              );
              if (elsewhere > (mine ? 1 : 0)) {
                await asOneChange(tx, PICTURE_DESCRIBED);
                break;
              }
            }
            const result = await store.save(tx, id, checked.data, pictures);
            // Each picture the saved row shows has its description wherever it is shown.
            const row = typeof result === "number" ? await store.find(tx, result) : null;
            for (const shown of row ? describedPictures(names, editor.values(row)) : []) {
              await describePicture(tx, shown.path, shown.description);
            }
            return result;
          });
        } catch (error) {
          const refusal = store.refused?.(error, checked.data);
          if (!refusal) throw error;
          saved = { refused: refusal };
        }
        if (saved === null) throw notFound();
        if (typeof saved === "object") {
          const { refused } = saved;
          return typeof refused === "string"
            ? refusePost(form, values, {}, { formError: refused })
            : refusePost(form, values, refused);
        }
        return redirectSaved(store.savedTo(saved, checked.data), undefined, {
          shown: store.shown?.(checked.data) ?? true,
        });
      },
    },
  ]);
}
