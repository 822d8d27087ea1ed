import type { Route } from "./+types/menu-item";
import { checkbox, type Validator } from "~/components/ui/checked-form";
import {
  CheckboxField,
  CheckboxGroupField,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/ui/form-fields";
import {
  ALLERGEN_OPTIONS,
  BADGE_OPTIONS,
  DIETARY_OPTIONS,
  ITEM_DESCRIPTION_MAX,
  ITEM_FIELDS,
  ITEM_LABELS,
  ITEM_NAME_MAX,
  ITEM_PICTURE_NAMES,
  ITEM_PORTION_MAX,
  ITEM_LIST_FIELDS,
  ITEM_SINGLE_FIELDS,
  itemAnchor,
  itemValues,
  newItemValues,
  type ItemField,
} from "~/menu/menu-editor";
import {
  deleteItem,
  getItem,
  insertItem,
  listSectionChoices,
  sectionExists,
  updateItem,
} from "~/menu/menu-editor.server";
import { itemSchema } from "~/menu/menu-rules";
import { PictureField } from "~/images/picture-field";
import { readPictureFields } from "~/images/uploads.server";
import { ALT_TEXT_REQUIRED } from "~/images/uploads";
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
  EditRefusedError,
  notFound,
  parseRowId,
  readAsStaff,
  redirectSaved,
  refusePost,
  repeatedFieldErrors,
  writeAsStaff,
} from "~/staff/editor.server";
import { keepsFormOnOutage } from "~/staff/outage.server";
import { staffPageHeaders } from "~/staff/session.server";
import { staffMeta } from "~/staff/staff-meta";
import type { FieldErrors } from "~/platform/form-check";

const FORM_ID = "menu-item";

const NO_SUCH_SECTION = "That section is no longer on the menu; choose one of the sections listed.";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = editorRowId(params.id);
  const found = await readAsStaff(context, async (tx) => ({
    item: id === "new" ? null : await getItem(tx, id),
    sections: await listSectionChoices(tx),
  }));
  if (id !== "new" && !found.item) throw notFound();
  // A new item starts in the section it was added from.
  const from = parseRowId(new URL(request.url).searchParams.get("section"));
  const startIn = found.sections.some((section) => section.id === from) ? from : null;
  return { ...found, startIn };
}

/** The form comes back as typed when the database cannot take it. */
export const action = keepsFormOnOutage(
  { [FORM_ID]: { fields: ITEM_FIELDS, lists: ITEM_LIST_FIELDS } },
  async ({ params, context }: Route.ActionArgs, form) => {
    const id = editorRowId(params.id);
    const deleting = await answerDelete(context, form, id, {
      find: getItem,
      remove: async (tx, id) => {
        const existing = await getItem(tx, id);
        return existing && (await deleteItem(tx, id)) ? existing : null;
      },
      deleted: (item) =>
        redirectWithToast(`/staff/menu#section-${item.sectionId}`, {
          type: "success",
          title: `Deleted “${item.name}”. Visitors no longer see it.`,
        }),
    });
    if (deleting) return deleting;

    const checked = checkPost(form, ITEM_FIELDS, itemSchema, ITEM_LIST_FIELDS);
    const errors: FieldErrors<ItemField> = {
      ...(checked.ok ? {} : checked.errors),
      ...repeatedFieldErrors(form, ITEM_SINGLE_FIELDS),
    };
    // A file chosen is saved now, so a refusal of other fields does not lose it.
    const picture = await readPictureFields(context, form, ITEM_PICTURE_NAMES);
    if (picture.error) errors.imageFile = picture.error;
    // Nothing chosen and nothing kept: the item has no picture.
    const path = picture.path ?? null;
    const values = { ...checked.values, imagePath: path ?? "" };
    if (path !== null && !values.imageAlt.trim() && !errors.imageAlt) {
      errors.imageAlt = ALT_TEXT_REQUIRED;
    }
    if (!checked.ok || Object.keys(errors).length > 0) return refusePost(values, errors);
    const item = checked.data;
    let savedId: number;
    try {
      savedId = await writeAsStaff(context, async (tx) => {
        if (!(await sectionExists(tx, item.sectionId))) throw new EditRefusedError(NO_SUCH_SECTION);
        if (id === "new") return insertItem(tx, item, path);
        if (!(await updateItem(tx, id, item, path))) throw notFound();
        return id;
      });
    } catch (error) {
      // The section gone (or deleted between the check and the write).
      if (error instanceof EditRefusedError || databaseErrorCode(error) === "23503") {
        return refusePost<ItemField>(values, { sectionId: NO_SUCH_SECTION });
      }
      throw error;
    }
    return redirectSaved(`/staff/menu#${itemAnchor(savedId)}`);
  },
);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  staffMeta(loaderData?.item ? `Menu item: ${loaderData.item.name}` : "New menu item", matches);

export const headers: Route.HeadersFunction = staffPageHeaders;

const loadValidator = (): Promise<Validator<ItemField>> =>
  import("~/menu/menu-rules").then((rules) => rules.checkItem);

export default function MenuItemPage({ loaderData, actionData }: Route.ComponentProps) {
  const { item, sections, startIn } = loaderData;
  const refused = actionData && "errors" in actionData ? actionData : undefined;
  const confirming = asksToConfirmDelete(actionData);
  return (
    <>
      <BackLink to="/staff/menu">The whole menu</BackLink>
      <div className="mt-4">
        <EditorHeading
          title={item ? item.name : "New menu item"}
          intro="A dish or drink on the menu: what it is, what it costs and who it suits."
        />
      </div>
      <EditorForm
        id={FORM_ID}
        className="relative mt-8 max-w-2xl space-y-7"
        fields={ITEM_FIELDS}
        lists={ITEM_LIST_FIELDS}
        labels={ITEM_LABELS}
        actionData={refused}
        initialValues={item ? itemValues(item) : newItemValues(startIn)}
        loadValidator={loadValidator}
        submitLabel={item ? "Save item" : "Add item"}
        encType="multipart/form-data"
      >
        {(field) => (
          <>
            <SelectField {...field("sectionId")} label="Section">
              <option value="">Choose a section</option>
              {sections.map((section) => (
                <option key={section.id} value={section.id}>
                  {section.name}
                  {section.hidden ? " (hidden)" : ""}
                </option>
              ))}
            </SelectField>
            <TextField
              {...field("name")}
              label="Name"
              maxLength={ITEM_NAME_MAX}
              autoComplete="off"
            />
            <TextAreaField
              {...field("description")}
              label="Description"
              optional
              hint="What is in it and how it is made, in a sentence or two."
              maxLength={ITEM_DESCRIPTION_MAX}
              className="[&_textarea]:min-h-28"
            />
            <div className="grid gap-7 sm:grid-cols-2">
              <TextField
                {...field("price")}
                label="Price"
                hint="In dollars, such as 14.50."
                inputMode="decimal"
                autoComplete="off"
              />
              <TextField
                {...field("portion")}
                label="Portion"
                optional
                hint="When it needs saying: 20 oz, 1 lb."
                maxLength={ITEM_PORTION_MAX}
                autoComplete="off"
              />
            </div>
            <CheckboxField
              {...checkbox(field("available"))}
              optional
              label="Available today"
              hint="Untick when the kitchen has run out; the menu then says it is not available today."
            />
            <CheckboxGroupField
              {...field("dietaryTags")}
              label="Dietary"
              hint="Tick all that apply."
              options={DIETARY_OPTIONS}
            />
            <CheckboxGroupField
              {...field("allergens")}
              label="Allergens"
              hint="Every priority allergen the dish contains."
              options={ALLERGEN_OPTIONS}
            />
            <CheckboxGroupField {...field("badges")} label="Badges" options={BADGE_OPTIONS} />
            <PictureField
              formId={FORM_ID}
              names={ITEM_PICTURE_NAMES}
              path={field("imagePath").defaultValue || null}
              alt={field("imageAlt").defaultValue}
              errors={{ file: field("imageFile").error, alt: field("imageAlt").error }}
            />
            <CheckboxField
              {...checkbox(field("featured"))}
              optional
              label="Feature on the home page"
              hint="Featured items show there when they are available and have a picture."
            />
            <CheckboxField
              {...checkbox(field("hidden"))}
              optional
              label="Hide this item from visitors"
              hint="Staff still see it here. Untick to show it again."
            />
          </>
        )}
      </EditorForm>
      {item ? (
        <DeleteSection
          what={`“${item.name}”`}
          consequence="Deleting the item takes it off the menu. To take it off for a while, hide it or mark it not available instead."
          confirming={confirming}
          keepTo={`/staff/menu/items/${item.id}`}
        />
      ) : null}
    </>
  );
}
