import type { Route } from "./+types/menu-section";
import { checkbox, type Validator } from "~/platform/ui/checked-form";
import {
  CheckboxField,
  CheckboxGroupField,
  TextAreaField,
  TextField,
} from "~/platform/ui/form-fields";
import {
  ALLERGEN_OPTIONS,
  SECTION_DESCRIPTION_MAX,
  SECTION_FIELDS,
  SECTION_LABELS,
  SECTION_LIST_FIELDS,
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
  sectionItemTags,
  updateSection,
} from "~/menu/menu-editor.server";
import { sectionItemsProblem, sectionSchema } from "~/menu/menu-rules";
import { redirectWithToast } from "~/platform/toast.server";
import {
  BackLink,
  DeleteSection,
  EditorForm,
  EditorHeading,
  editorAnswer,
} from "~/staff/editor/editor-ui";
import {
  editorAction,
  databaseErrorCode,
  editorRowId,
  notFound,
  readAsStaff,
} from "~/staff/editor/editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { staffMeta } from "~/staff/staff-meta";
import type { RouteHandle } from "~/platform/route-needs";

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

export const action = editorAction({
  formId: FORM_ID,
  fields: SECTION_FIELDS,
  lists: SECTION_LIST_FIELDS,
  single: SECTION_SINGLE_FIELDS,
  schema: () => sectionSchema,
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
  savedTo: (id) => `/staff/menu#${sectionAnchor(id)}`,
});

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  staffMeta(
    loaderData?.section ? `Menu section: ${loaderData.section.name}` : "New menu section",
    matches,
  );

export const headers: Route.HeadersFunction = staffPageHeaders;

/**
 * No picture is posted here, but posts take the picture editors' limit, as
 * they always have under /staff/menu.
 */
export const handle = { transport: { body: "upload" } } satisfies RouteHandle;

const loadValidator = (): Promise<Validator<SectionField>> =>
  import("~/menu/menu-rules").then((rules) => rules.checkSection);

export default function MenuSectionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { section, itemCount } = loaderData;
  const { form: refused, confirmingDelete: confirming } = editorAnswer<SectionField>(actionData);
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
              limit={SECTION_NAME_MAX}
              autoComplete="off"
            />
            <TextField
              {...field("slug")}
              label="Web address"
              optional
              hint="The end of the section’s link, /menu#starters: letters, digits and dashes. Leave it empty to make one from the name."
              limit={SECTION_SLUG_MAX}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            />
            <TextAreaField
              {...field("description")}
              label="Description"
              optional
              hint="A line or two under the heading."
              limit={SECTION_DESCRIPTION_MAX}
              className="[&_textarea]:min-h-28"
            />
            <TextField
              {...field("note")}
              label="Note"
              optional
              hint="A short note in bold, such as “Pick a sauce: mild, medium or hot.” or “Cooked in a shared fryer.”"
              limit={SECTION_NOTE_MAX}
              autoComplete="off"
            />
            <CheckboxGroupField
              {...field("mayContain")}
              label="May contain traces of"
              hint="What a shared fryer, grill or board may pass on to everything in this section. The menu lists it under the note, and no item here can be tagged with a diet it rules out (traces of milk rule out Vegan and Dairy-free)."
              options={ALLERGEN_OPTIONS}
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
