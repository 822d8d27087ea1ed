import { data } from "react-router";
import type { Route } from "./+types/menu-import";
import { MenuImportPage } from "~/menu/editor/menu-import-page";
import {
  importCheckForm,
  importSavedWords,
  importSaveForm,
  type CheckedSheet,
  type ImportPreview,
} from "~/menu/editor/menu-import";
import { previewImport, readSheetFile, saveImport } from "~/menu/editor/menu-import.server";
import type { FieldErrors, FormValues } from "~/platform/forms/form-check";
import { checkPost, refusePost } from "~/platform/forms/form-post.server";
import type { RouteHandle } from "~/platform/route-needs";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { readAsStaff, redirectSaved, writeAsStaff } from "~/staff/editor/editor.server";
import { staffAction } from "~/staff/editor/staff-action.server";
import { staffMeta } from "~/staff/staff-meta";

/** The check posts a spreadsheet's file, and the save carries its text. */
export const handle = { transport: { body: "sheet" } } satisfies RouteHandle;

type CheckField = (typeof importCheckForm.fields)[number];

/** The check form as it was: the paste and the choice of what the rows do. */
const keptValues = (rows: string, mode: string): FormValues<CheckField> => ({
  file: "",
  rows,
  mode,
});

/** The field a problem with the whole sheet is said by: the file's, or the paste's. */
const sheetField = (sheet: Pick<CheckedSheet, "fileName">): CheckField =>
  sheet.fileName === "" ? "rows" : "file";

/**
 * The check's answer: the form kept as it was, the rows checked (carried to
 * the save), and what saving them would do; `changed` when a save found the
 * menu changed since its check.
 */
const answer = (
  values: FormValues<CheckField>,
  sheet: CheckedSheet,
  preview: ImportPreview,
  { status = 200, changed = false } = {},
) =>
  data(
    { formId: importCheckForm.id, values, errors: {}, formError: null, preview, sheet, changed },
    { status },
  );

const NOTHING_CHOSEN =
  "Choose a CSV file, or paste the rows from your spreadsheet with its first row of column names.";

export const action = staffAction([
  {
    form: importCheckForm,
    async handle(post, { context }: Route.ActionArgs) {
      const checked = await checkPost(post, importCheckForm, undefined);
      const file = await readSheetFile(post.get("file"));
      const errors: FieldErrors<CheckField> = checked.ok ? {} : { ...checked.errors };
      if (file && "error" in file) errors.file = file.error;
      else if (!file && checked.ok && checked.data.rows === "") errors.rows = NOTHING_CHOSEN;
      if (!checked.ok || Object.keys(errors).length > 0) {
        return refusePost(importCheckForm, checked.values, errors);
      }
      // A file chosen is what is checked; the paste stays in its box.
      const sheet = file && !("error" in file) ? file : { text: checked.data.rows, fileName: "" };
      const { mode } = checked.data;
      const preview = await readAsStaff(context, (tx) => previewImport(tx, sheet, mode));
      if ("problem" in preview) {
        return refusePost(importCheckForm, checked.values, {
          [sheetField(sheet)]: preview.problem,
        });
      }
      return answer(checked.values, sheet, preview);
    },
  },
  {
    form: importSaveForm,
    answersAs: importCheckForm,
    async handle(post, { context }: Route.ActionArgs) {
      const checked = await checkPost(post, importSaveForm, undefined);
      if (!checked.ok) {
        // Not as the page wrote it: the check form, with the rows back where they came from.
        const { rows, mode, fileName } = checked.values;
        const { mode: modeError, ...others } = checked.errors;
        const problem = Object.values(others)[0];
        return refusePost(importCheckForm, keptValues(fileName === "" ? rows : "", mode), {
          ...(modeError ? { mode: modeError } : {}),
          ...(problem ? { [sheetField({ fileName })]: problem } : {}),
        });
      }
      const { rows, mode, fileName, key } = checked.data;
      const sheet: CheckedSheet = { text: rows, fileName };
      const kept = keptValues(fileName === "" ? rows : "", mode);
      const saved = await writeAsStaff(context, (tx) => saveImport(tx, sheet, mode, key));
      if ("problem" in saved) {
        return refusePost(importCheckForm, kept, { [sheetField(sheet)]: saved.problem });
      }
      // Nothing saved, and the rows say why: a row's problem, or the menu changed since the check.
      if ("refused" in saved) return answer(kept, sheet, saved.refused, { status: 409 });
      if ("stale" in saved) return answer(kept, sheet, saved.stale, { status: 409, changed: true });
      return redirectSaved("/staff/menu", importSavedWords(saved));
    },
  },
]);

export const meta: Route.MetaFunction = ({ matches }) =>
  staffMeta("Menu from a spreadsheet", matches);
export const headers = staffPageHeaders;

export default function MenuImport({ actionData }: Route.ComponentProps) {
  return <MenuImportPage actionData={actionData} />;
}
