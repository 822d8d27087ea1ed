import type { Route } from "./+types/menu-section";
import { checkbox, type Validator } from "~/components/ui/checked-form";
import { CheckboxField, TextAreaField, TextField } from "~/components/ui/form-fields";
import {
  SECTION_DESCRIPTION_MAX,
  SECTION_FIELDS,
  SECTION_LABELS,
  SECTION_NAME_MAX,
  SECTION_NOTE_MAX,
  SECTION_SINGLE_FIELDS,
  SECTION_SLUG_MAX,
  sectionAnchor,
  sectionValues,
  type SectionField,
} from "~/menu/menu-editor";
import {
  countSectionItems,
  deleteSection,
  getSection,
  insertSection,
  updateSection,
} from "~/menu/menu-editor.server";
import { sectionSchema } from "~/menu/menu-rules";
import { redirectWithToast } from "~/platform/toast.server";
import {
  BackLink,
  DeleteSection,
  EditorForm,
  EditorHeading,
  asksToConfirmDelete,
} from "~/staff/editor-ui";
import {
  answerDelete,
  checkPost,
  databaseErrorCode,
  editorRowId,
  notFound,
  readAsStaff,
  redirectSaved,
  refusePost,
  repeatedFieldErrors,
  writeAsStaff,
} from "~/staff/editor.server";
import { keepsFormOnOutage } from "~/staff/outage.server";
import { staffPageHeaders } from "~/staff/session.server";
import { staffMeta } from "~/staff/staff-meta";

const FORM_ID = "menu-section";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = editorRowId(params.id);
  if (id === "new") return { section: null, itemCount: 0 };
  const found = await readAsStaff(context, async (tx) => {
    const section = await getSection(tx, id);
    return section && { section, itemCount: await countSectionItems(tx, id) };
  });
  if (!found) throw notFound();
  return found;
}

/** The form comes back as typed when the database cannot take it. */
export const action = keepsFormOnOutage(
  { [FORM_ID]: { fields: SECTION_FIELDS } },
  async ({ params, context }: Route.ActionArgs, form) => {
    const id = editorRowId(params.id);
    const deleting = await answerDelete(context, form, id, {
      find: getSection,
      remove: async (tx, id) => {
        const existing = await getSection(tx, id);
        return existing && (await deleteSection(tx, id)) ? existing : null;
      },
      deleted: (section) =>
        redirectWithToast("/staff/menu", {
          type: "success",
          title: `Deleted “${section.name}”. Visitors no longer see it.`,
        }),
    });
    if (deleting) return deleting;

    const checked = checkPost(form, SECTION_FIELDS, sectionSchema);
    const repeated = repeatedFieldErrors(form, SECTION_SINGLE_FIELDS);
    if (!checked.ok || Object.keys(repeated).length > 0) {
      return refusePost(checked.values, { ...(checked.ok ? {} : checked.errors), ...repeated });
    }
    const section = checked.data;
    let savedId: number;
    try {
      savedId = await writeAsStaff(context, async (tx) => {
        if (id === "new") return insertSection(tx, section);
        if (!(await updateSection(tx, id, section))) throw notFound();
        return id;
      });
    } catch (error) {
      if (databaseErrorCode(error) !== "23505") throw error;
      return refusePost<SectionField>(checked.values, {
        slug: `Another section already has the web address “${section.slug}”; enter a different one.`,
      });
    }
    return redirectSaved(`/staff/menu#${sectionAnchor(savedId)}`);
  },
);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  staffMeta(
    loaderData?.section ? `Menu section: ${loaderData.section.name}` : "New menu section",
    matches,
  );

export const headers: Route.HeadersFunction = staffPageHeaders;

const loadValidator = (): Promise<Validator<SectionField>> =>
  import("~/menu/menu-rules").then((rules) => rules.checkSection);

export default function MenuSectionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { section, itemCount } = loaderData;
  const refused = actionData && "errors" in actionData ? actionData : undefined;
  const confirming = asksToConfirmDelete(actionData);
  return (
    <>
      <BackLink to="/staff/menu">The whole menu</BackLink>
      <div className="mt-4">
        <EditorHeading
          title={section ? section.name : "New menu section"}
          intro="A heading on the menu page, with the items under it."
        />
      </div>
      <EditorForm
        id={FORM_ID}
        className="relative mt-8 max-w-2xl space-y-7"
        fields={SECTION_FIELDS}
        labels={SECTION_LABELS}
        actionData={refused}
        initialValues={section ? sectionValues(section) : undefined}
        loadValidator={loadValidator}
        submitLabel={section ? "Save section" : "Add section"}
      >
        {(field) => (
          <>
            <TextField
              {...field("name")}
              label="Name"
              hint="As the menu heads the section, such as Starters & Shareables."
              maxLength={SECTION_NAME_MAX}
              autoComplete="off"
            />
            <TextField
              {...field("slug")}
              label="Web address"
              optional
              hint="The end of the section’s link, /menu#starters: letters, digits and dashes. Leave it empty to make one from the name."
              maxLength={SECTION_SLUG_MAX}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            />
            <TextAreaField
              {...field("description")}
              label="Description"
              optional
              hint="A line or two under the heading."
              maxLength={SECTION_DESCRIPTION_MAX}
              className="[&_textarea]:min-h-28"
            />
            <TextField
              {...field("note")}
              label="Note"
              optional
              hint="A short note in bold, such as “Pick a sauce: mild, medium or hot.”"
              maxLength={SECTION_NOTE_MAX}
              autoComplete="off"
            />
            <CheckboxField
              {...checkbox(field("hidden"))}
              optional
              label="Hide this section and its items from visitors"
              hint="Staff still see it here. Untick to show it again."
            />
          </>
        )}
      </EditorForm>
      {section ? (
        <DeleteSection
          what={`“${section.name}”`}
          consequence={
            itemCount === 0
              ? "Deleting the section takes it off the menu."
              : `Deleting the section also deletes its ${itemCount === 1 ? "item" : `${itemCount} items`}. To keep them, move them to another section first, or hide the section instead.`
          }
          confirming={confirming}
          keepTo={`/staff/menu/sections/${section.id}`}
        />
      ) : null}
    </>
  );
}
