import { data } from "react-router";
import type { Route } from "./+types/menu-import";
import { MenuImportPage } from "~/menu/editor/menu-import-page";
import { dishes, importCheckForm, importSaveForm } from "~/menu/editor/menu-import";
import { previewImport, saveImport } from "~/menu/editor/menu-import.server";
import { checkPost, refusePost } from "~/platform/forms/form-post.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { readAsStaff, redirectSaved, writeAsStaff } from "~/staff/editor/editor.server";
import { staffAction } from "~/staff/editor/staff-action.server";
import { staffMeta } from "~/staff/staff-meta";

/** The check's answer: the paste kept as typed, and what saving it would do. */
const answer = (rows: string, preview: unknown, status = 200) =>
  data({ formId: importCheckForm.id, values: { rows }, errors: {}, preview }, { status });

export const action = staffAction([
  {
    form: importCheckForm,
    async handle(post, { context }: Route.ActionArgs) {
      const checked = await checkPost(post, importCheckForm, undefined);
      if (!checked.ok) return refusePost(importCheckForm, checked.values, checked.errors);
      const rows = checked.data.rows;
      const preview = await readAsStaff(context, (tx) => previewImport(tx, rows));
      if ("problem" in preview) {
        return refusePost(importCheckForm, checked.values, { rows: preview.problem });
      }
      return answer(checked.values.rows, preview);
    },
  },
  {
    form: importSaveForm,
    async handle(post, { context }: Route.ActionArgs) {
      const checked = await checkPost(post, importSaveForm, undefined);
      if (!checked.ok) {
        return refusePost(importCheckForm, checked.values, checked.errors);
      }
      const rows = checked.data.rows;
      const saved = await writeAsStaff(context, (tx) => saveImport(tx, rows));
      if ("problem" in saved) {
        return refusePost(importCheckForm, checked.values, { rows: saved.problem });
      }
      // The menu changed since the check: nothing saved, and the rows say why.
      if ("refused" in saved) return answer(checked.values.rows, saved.refused, 409);
      const parts = [
        saved.added > 0 ? `Added ${dishes(saved.added)}` : "",
        saved.changed > 0
          ? `${saved.added > 0 ? "changed" : "Changed"} ${dishes(saved.changed)}`
          : "",
      ].filter(Boolean);
      const said =
        parts.length > 0 ? `${parts.join(" and ")}.` : "Every dish was already as the sheet says.";
      return redirectSaved(
        "/staff/menu",
        saved.same > 0 && parts.length > 0
          ? `${said} ${dishes(saved.same)} already as the sheet says.`
          : said,
      );
    },
  },
]);

export const meta: Route.MetaFunction = ({ matches }) =>
  staffMeta("Menu from a spreadsheet", matches);
export const headers = staffPageHeaders;

export default function MenuImport({ actionData }: Route.ComponentProps) {
  return <MenuImportPage actionData={actionData} />;
}
