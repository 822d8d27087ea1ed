import type { Route } from "./+types/menu-item";
import { checkbox, type Validator } from "~/platform/ui/checked-form";
import {
  CheckboxField,
  CheckboxGroupField,
  SelectField,
  TextAreaField,
  TextField,
} from "~/platform/ui/form-fields";
import {
  ALLERGEN_OPTIONS,
  BADGE_OPTIONS,
  DIETARY_OPTIONS,
  ITEM_DESCRIPTION_MAX,
  ITEM_FIELDS,
  ITEM_IMAGE_ALT_MAX,
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
  sectionTraces,
  updateItem,
} from "~/menu/menu-editor.server";
import { itemSchema, itemSectionProblem } from "~/menu/menu-rules";
import { availabilityAt } from "~/menu/menu";
import { PictureField } from "~/images/picture-field";
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
  parseRowId,
  readAsStaff,
} from "~/staff/editor/editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { staffMeta } from "~/staff/staff-meta";
import { eventChoices, eventExists } from "~/events/event-editor.server";
import { NO_SUCH_EVENT } from "~/events/event-editor";
import { EventChoiceOptions } from "~/staff/editor/event-choice-options";
import type { RouteHandle } from "~/platform/route-needs";

const FORM_ID = "menu-item";

const NO_SUCH_SECTION = "That section is no longer on the menu; choose one of the sections listed.";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = editorRowId(params.id);
  const now = new Date();
  const found = await readAsStaff(context, async (tx) => {
    const item = id === "new" ? null : await getItem(tx, id);
    return {
      item,
      sections: await listSectionChoices(tx),
      events: await eventChoices(tx, now, item?.eventId ?? null),
    };
  });
  if (id !== "new" && !found.item) throw notFound();
  // A new item starts in the section it was added from.
  const from = parseRowId(new URL(request.url).searchParams.get("section"));
  const startIn = found.sections.some((section) => section.id === from) ? from : null;
  // Out for the day is chosen on the menu list; the form says so while it lasts.
  const outToday = found.item !== null && availabilityAt(found.item, now) === "not-today";
  return { ...found, startIn, outToday };
}

export const action = editorAction({
  formId: FORM_ID,
  fields: ITEM_FIELDS,
  lists: ITEM_LIST_FIELDS,
  single: ITEM_SINGLE_FIELDS,
  schema: () => itemSchema,
  pictures: [ITEM_PICTURE_NAMES],
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
  async save(tx, id, item, [picture]) {
    const section = await sectionTraces(tx, item.sectionId);
    if (!section) return { refused: { sectionId: NO_SUCH_SECTION } };
    // Its diet tags may not promise what the section's shared equipment rules out.
    const traces = itemSectionProblem(item.dietaryTags, section);
    if (traces) return { refused: { dietaryTags: traces } };
    if (item.eventId !== null && !(await eventExists(tx, item.eventId))) {
      return { refused: { eventId: NO_SUCH_EVENT } };
    }
    // Nothing chosen and nothing kept: the item has no picture.
    const path = picture!.path ?? null;
    if (id === "new") return insertItem(tx, item, path);
    return (await updateItem(tx, id, item, path)) ? id : null;
  },
  // The section deleted between the check and the write (the event is held by the check).
  refused: (error) =>
    databaseErrorCode(error) === "23503" ? { sectionId: NO_SUCH_SECTION } : null,
  savedTo: (id) => `/staff/menu#${itemAnchor(id)}`,
});

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  staffMeta(loaderData?.item ? `Menu item: ${loaderData.item.name}` : "New menu item", matches);

export const headers: Route.HeadersFunction = staffPageHeaders;

/** Its form carries a picture (multipart, up to 10 MB with its fields). */
export const handle = { transport: { body: "upload" } } satisfies RouteHandle;

const loadValidator = (): Promise<Validator<ItemField>> =>
  import("~/menu/menu-rules").then((rules) => rules.checkItem);

export default function MenuItemPage({ loaderData, actionData }: Route.ComponentProps) {
  const { item, sections, events, startIn, outToday } = loaderData;
  const { form: refused, confirmingDelete: confirming } = editorAnswer<ItemField>(actionData);
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
            <TextField {...field("name")} label="Name" limit={ITEM_NAME_MAX} autoComplete="off" />
            <TextAreaField
              {...field("description")}
              label="Description"
              optional
              hint="What is in it and how it is made, in a sentence or two."
              limit={ITEM_DESCRIPTION_MAX}
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
                limit={ITEM_PORTION_MAX}
                autoComplete="off"
              />
            </div>
            <CheckboxField
              {...checkbox(field("available"))}
              optional
              label="On the menu"
              hint={
                outToday
                  ? "It is not available today, and back on the menu at 4 am by itself (change that on the menu list). Untick to take it off the menu until you tick it again."
                  : "Untick to take it off the menu until you tick it again. When the kitchen runs out for tonight, use “Not available today” on the menu list instead: it comes back at 4 am by itself."
              }
            />
            <SelectField
              {...field("eventId")}
              label="Only on the day of this event"
              hint="For a dish that goes with an event, such as a platter for quiz night: it is on the menu only on that event’s day, and not at all if the event is cancelled or hidden."
              optional
            >
              <EventChoiceOptions none="No event: every day" events={events} />
            </SelectField>
            <CheckboxGroupField
              {...field("dietaryTags")}
              label="Dietary"
              hint="Tick all that are true of the dish as served: no tag its allergens, or its section’s traces, rule out."
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
              altLimit={ITEM_IMAGE_ALT_MAX}
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
          consequence="Deleting the item takes it off the menu. To take it off for a while, hide it or take it off the menu instead."
          confirming={confirming}
          keepTo={`/staff/menu/items/${item.id}`}
        />
      ) : null}
    </>
  );
}
