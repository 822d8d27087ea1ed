import type { MetaDescriptor } from "react-router";
import type { z } from "zod";
import type { EditorRow, EditorSpec } from "~/platform/forms/editor-spec";
import type { FormValues } from "~/platform/forms/form-check";
import { summaryLabels } from "~/platform/forms/field-specs";
import { answerFor } from "~/platform/forms/form-check";
import type { RouteHandle } from "~/platform/route-needs";
import { BackLink, EditorHeading } from "~/platform/ui/editor-parts";
import { staffMeta } from "~/staff/staff-meta";
import { EditorForm } from "~/platform/forms/editor-form";
import { EditorFields } from "./editor-fields";
import { asksToConfirmDelete, DeleteSection } from "./editor-ui";

/**
 * The editor kit's page: what every editor of one row shows, drawn from the
 * domain's `EditorSpec`: the way back to its list, the heading, the form
 * and its fields, and Delete for a saved row.
 */

/** What an editor's loader gives its page (see `editorLoader`). */
export type EditorLoaderData<Field extends string, Row, Context> = {
  row: Row | null;
  values: Partial<FormValues<Field>>;
  rulesContext: Context;
};

export function EditorPage<
  Field extends string,
  Row extends EditorRow,
  Context,
  Schema extends z.ZodType,
  Loaded,
>({
  editor,
  loaderData,
  actionData,
}: {
  editor: EditorSpec<Field, Row, Context, Schema, Loaded>;
  loaderData: EditorLoaderData<NoInfer<Field>, NoInfer<Row>, NoInfer<Context>> & NoInfer<Loaded>;
  actionData: unknown;
}) {
  const { row, values, rulesContext } = loaderData;
  const shown = answerFor<Field>(editor.form.id, actionData)?.values ?? values;
  const titleId = `${editor.form.id}-heading`;
  const fields = editor.fields(shown, loaderData);
  return (
    <>
      {editor.list ? (
        <div className="mb-4">
          <BackLink to={editor.list.path}>{editor.list.label}</BackLink>
        </div>
      ) : null}
      <EditorHeading titleId={titleId} title={editor.title(row)} intro={editor.intro} />
      <EditorForm<Field, Context>
        // After a save the form starts again from what was saved (a web
        // address made from the name shows; a chosen file is not sent twice).
        key={`${row?.id ?? "new"}:${JSON.stringify(values)}`}
        rulesContext={rulesContext}
        form={editor.form}
        titleId={titleId}
        actionData={actionData}
        initialValues={values}
        labels={summaryLabels(fields)}
        submitLabel={row ? editor.submit.save : editor.submit.add}
        encType={editor.pictures ? "multipart/form-data" : undefined}
        className="relative mt-8 max-w-2xl space-y-7"
      >
        {(field) => <EditorFields fields={fields} field={field} formId={editor.form.id} />}
      </EditorForm>
      {row && editor.remove ? (
        <DeleteSection
          what={editor.remove.what(row)}
          consequence={
            typeof editor.remove.consequence === "string"
              ? editor.remove.consequence
              : editor.remove.consequence(row)
          }
          confirming={asksToConfirmDelete(actionData)}
          keepTo={editor.path(row.id)}
        />
      ) : null}
    </>
  );
}

type MetaArgs<Row> = {
  loaderData?: { row: Row | null } | undefined;
  matches: Parameters<typeof staffMeta>[1];
};

/** An editor page's title: the row's name, or the new row's. */
export function editorMeta<Row extends EditorRow>(
  editor: Pick<EditorSpec<string, Row, never, z.ZodType, never>, "title" | "pageTitle">,
) {
  return ({ loaderData, matches }: MetaArgs<Row>): MetaDescriptor[] =>
    staffMeta((editor.pageTitle ?? editor.title)(loaderData?.row ?? null), matches);
}

/** What an editor's route needs of the transport: a picture's body where its form takes one. */
export function editorHandle(
  editor: Pick<EditorSpec<string, EditorRow, never, z.ZodType, never>, "pictures">,
) {
  return (editor.pictures ? { transport: { body: "upload" } } : {}) satisfies RouteHandle;
}

/** What an editor's route module exports for the browser besides its page: its title and its needs. */
export function editorRoute<Row extends EditorRow>(
  editor: Pick<
    EditorSpec<string, Row, never, z.ZodType, never>,
    "title" | "pageTitle" | "pictures"
  >,
) {
  return { meta: editorMeta(editor), handle: editorHandle(editor) };
}

/** An editor's page, as its route module's default export. */
export function editorView<
  Field extends string,
  Row extends EditorRow,
  Context,
  Schema extends z.ZodType,
  Loaded,
>(editor: EditorSpec<Field, Row, Context, Schema, Loaded>) {
  return function EditorView({
    loaderData,
    actionData,
  }: {
    loaderData: EditorLoaderData<Field, Row, Context> & Loaded;
    actionData?: unknown;
  }) {
    return <EditorPage editor={editor} loaderData={loaderData} actionData={actionData} />;
  };
}
