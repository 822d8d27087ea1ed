import type { Route } from "./+types/special";
import { checkbox } from "~/platform/ui/checked-form";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/platform/ui/form-fields";
import { torontoDate } from "~/platform/clock/toronto-time";
import { checkForm } from "~/platform/form-check";
import { redirectWithToast } from "~/platform/toast.server";
import {
  BackLink,
  DeleteSection,
  EditorForm,
  EditorHeading,
  editorAnswer,
} from "~/staff/editor/editor-ui";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { staffMeta } from "~/staff/staff-meta";
import {
  DESCRIPTION_MAX,
  TITLE_MAX,
  WEEKDAY_CHOICES,
  specialFields,
  specialLabels,
  specialValues,
  type SpecialField,
} from "~/specials/specials-editor";
import {
  addSpecial,
  deleteSpecial,
  getSpecial,
  updateSpecial,
} from "~/specials/specials-editor.server";
import {
  editorAction,
  databaseErrorCode,
  editorRow,
  editorRowId,
  readAsStaff,
} from "~/staff/editor/editor.server";
import { specialSchema } from "~/specials/specials-rules";
import { eventChoices, eventExists } from "~/events/event-editor.server";
import { NO_SUCH_EVENT } from "~/events/event-editor";
import { EventChoiceOptions } from "~/staff/editor/event-choice-options";

const FORM_ID = "special";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = editorRowId(params.id);
  const now = new Date();
  const today = torontoDate(now);
  const special = await editorRow(context, id, getSpecial);
  const events = await readAsStaff(context, (tx) =>
    eventChoices(tx, now, special?.eventId ?? null),
  );
  return { special, today, events };
}

export const action = editorAction({
  formId: FORM_ID,
  fields: specialFields,
  schema: () => specialSchema(torontoDate(new Date())),
  find: getSpecial,
  remove: deleteSpecial,
  deleted: () => redirectWithToast("/staff/specials", { type: "success", title: "Deleted." }),
  async save(tx, id, special) {
    if (special.eventId !== null && !(await eventExists(tx, special.eventId))) {
      return { refused: { eventId: NO_SUCH_EVENT } };
    }
    if (id === "new") return addSpecial(tx, special);
    return (await updateSpecial(tx, id, special)) ? id : null;
  },
  // The form's rules mirror the table's checks; should one still refuse, say so.
  refused: (error) => {
    const code = databaseErrorCode(error);
    if (code === "23503") return { eventId: NO_SUCH_EVENT };
    return code === "23514"
      ? "The special could not be saved as it is. Check the days, times and price."
      : null;
  },
  savedTo: (id) => `/staff/specials#special-${id}`,
});

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  staffMeta(loaderData?.special ? loaderData.special.title : "Add a special", matches);

export const headers = staffPageHeaders;

export default function SpecialPage({ loaderData, actionData }: Route.ComponentProps) {
  const { special, today, events } = loaderData;
  const { form: answer, confirmingDelete } = editorAnswer<SpecialField>(actionData);

  return (
    <>
      <BackLink to="/staff/specials">All specials</BackLink>
      <div className="mt-4">
        <EditorHeading
          title={special ? special.title : "Add a special"}
          intro="Every week on a day, on dates, or on a day within dates."
        />
      </div>
      <EditorForm<SpecialField>
        id={FORM_ID}
        fields={specialFields}
        labels={specialLabels}
        actionData={answer}
        initialValues={special ? specialValues(special) : {}}
        loadValidator={() =>
          import("~/specials/specials-rules").then((rules) => (values) => {
            const checked = checkForm(rules.specialSchema(today), values);
            return checked.ok ? {} : checked.errors;
          })
        }
        submitLabel={special ? "Save changes" : "Add the special"}
        className="mt-8 max-w-2xl space-y-6"
      >
        {(field) => (
          <>
            <TextField {...field("title")} label="Name" limit={TITLE_MAX} />
            <TextAreaField
              {...field("description")}
              label="Description"
              limit={DESCRIPTION_MAX}
              optional
            />
            <TextField
              {...field("price")}
              label="Price"
              hint="In dollars, such as 14.50. Leave empty for a deal with no one price, such as a happy hour, and say the offer in the description."
              inputMode="decimal"
              optional
            />
            <SelectField
              {...field("weekday")}
              label="Every week on"
              hint="Or choose dates below; with both, the day within those dates."
              optional
            >
              <option value="">No weekday: on dates only</option>
              {WEEKDAY_CHOICES.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectField>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField {...field("startsOn")} type="date" label="First day" optional />
              <TextField
                {...field("endsOn")}
                type="date"
                label="Last day"
                hint="Empty: a weekday special runs on; a dated one is that day only."
                optional
              />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField {...field("startsAt")} type="time" label="From" optional />
              <TextField
                {...field("endsAt")}
                type="time"
                label="Until"
                hint="Before the start means after midnight."
                optional
              />
            </div>
            <SelectField
              {...field("eventId")}
              label="Only while this event is on"
              hint="For a deal that goes with an event, such as pitchers while the quiz is on: the special shows only on the day of that event, and not at all if it is cancelled or hidden."
              optional
            >
              <EventChoiceOptions none="No event: on its days as above" events={events} />
            </SelectField>
            <CheckboxField
              {...checkbox(field("hidden"))}
              label="Hidden"
              hint="Kept here, not shown on the site."
              optional
            />
          </>
        )}
      </EditorForm>
      {special ? (
        <DeleteSection
          what={`“${special.title}”`}
          consequence="The special leaves the site and this list."
          confirming={confirmingDelete}
          keepTo={`/staff/specials/${special.id}`}
        />
      ) : null}
    </>
  );
}
