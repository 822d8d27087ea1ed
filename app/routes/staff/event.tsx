import type { Route } from "./+types/event";
import { checkbox } from "~/platform/ui/checked-form";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/platform/ui/form-fields";
import {
  EVENT_DESCRIPTION_MAX,
  EVENT_STATUSES,
  EVENT_SUMMARY_MAX,
  EVENT_PERFORMER_MAX,
  EVENT_TITLE_MAX,
  IMAGE_ALT_MAX,
  EVENT_PICTURE_NAMES,
  SLUG_MAX,
  eventFieldLabels,
  eventFields,
  eventFormValues,
  eventStatusLabels,
  newEventValues,
  type EventField,
} from "~/events/event-editor";
import {
  deleteEvent,
  eventForStaff,
  insertEvent,
  slugToSave,
  updateEvent,
} from "~/events/event-editor.server";
import { eventSchema } from "~/events/event-rules";
import { PictureField } from "~/images/picture-field";
import { redirectWithToast } from "~/platform/toast.server";
import {
  BackLink,
  DeleteSection,
  EditorForm,
  editorAnswer,
  schemaValidator,
} from "~/staff/editor/editor-ui";
import { untieSpecials } from "~/specials/specials-editor.server";
import { untieItems } from "~/menu/menu-editor.server";
import {
  editorAction,
  databaseErrorCode,
  editorRow,
  editorRowId,
} from "~/staff/editor/editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { staffMeta } from "~/staff/staff-meta";
import type { RouteHandle } from "~/platform/route-needs";

const FORM_ID = "event-form";
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = editorRowId(params.id);
  const event = await editorRow(context, id, eventForStaff);
  return { id, event, values: event ? eventFormValues(event) : newEventValues };
}

/** What went hidden with a deleted event, and how to show it again; "" for nothing. */
function untiedWords(names: readonly string[], where: string): string {
  if (names.length === 0) return "";
  const one = names.length === 1;
  return `${names.map((name) => `“${name}”`).join(" and ")} went with it, so ${one ? "it is" : "they are"} hidden now; tie ${one ? "it" : "them"} to another event ${where} to show ${one ? "it" : "them"} again.`;
}

export const action = editorAction({
  formId: FORM_ID,
  fields: eventFields,
  schema: () => eventSchema,
  pictures: [EVENT_PICTURE_NAMES],
  find: eventForStaff,
  // Its specials and dishes are hidden and untied first: none shows every day once its event is gone.
  remove: async (tx, id) => {
    const specials = await untieSpecials(tx, id);
    const dishes = await untieItems(tx, id);
    return (await deleteEvent(tx, id)) ? { specials, dishes } : null;
  },
  deleted: ({ specials, dishes }) => {
    const description = [
      untiedWords(specials, "on the specials page"),
      untiedWords(dishes, "on the menu page"),
    ]
      .filter(Boolean)
      .join(" ");
    return redirectWithToast("/staff/events", {
      type: "success",
      title: "Event deleted.",
      ...(description ? { description } : {}),
    });
  },
  async save(tx, id, input, [picture]) {
    const current = id === "new" ? null : await eventForStaff(tx, id);
    if (id !== "new" && !current) return null;
    const event = { ...input, slug: await slugToSave(tx, input, current?.id ?? null) };
    // Nothing chosen or kept: the picture stays as it was.
    const path = picture!.path === undefined ? (current?.image?.path ?? null) : picture!.path;
    const chosen = { path, alt: event.imageAlt };
    if (id === "new") return insertEvent(tx, event, chosen);
    return (await updateEvent(tx, id, event, chosen)) ? id : null;
  },
  refused: (error, event) =>
    databaseErrorCode(error) === "23505"
      ? {
          slug: `Another event already uses the web address “${event.slug}”. Enter a different one, such as ${event.slug}-2.`,
        }
      : null,
  savedTo: (id) => `/staff/events/${id}`,
});

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  staffMeta(
    loaderData?.event ? `Edit ${loaderData.event.title.slice(0, 60)}` : "Add an event",
    matches,
  );

export const headers: Route.HeadersFunction = staffPageHeaders;

/** Its form carries a picture (multipart, up to 10 MB with its fields). */
export const handle = { transport: { body: "upload" } } satisfies RouteHandle;

const loadValidator = schemaValidator<EventField>(() =>
  import("~/events/event-rules").then((rules) => rules.eventSchema),
);

export default function StaffEventPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, values } = loaderData;
  const { form: checked, confirmingDelete: confirming } = editorAnswer<EventField>(actionData);
  const keptPath = (checked?.values.imageKept ?? values.imageKept ?? "") || null;

  return (
    <>
      <BackLink to="/staff/events">All events</BackLink>
      <h1 id="event-title" className="mt-4 text-4xl tracking-tight break-words">
        {event ? event.title : "Add an event"}
      </h1>
      <p className="mt-2 text-lg text-muted-foreground">
        Dates and times are on the pub’s clock (Toronto), summer or winter.
      </p>

      <EditorForm
        // After a save the form starts again from what was saved (a slug made
        // from the name shows; a chosen file is not sent twice).
        key={`${event?.id ?? "new"}:${JSON.stringify(values)}`}
        id={FORM_ID}
        titleId="event-title"
        fields={eventFields}
        labels={eventFieldLabels}
        actionData={checked}
        initialValues={values}
        loadValidator={loadValidator}
        submitLabel={event ? "Save changes" : "Add event"}
        className="relative mt-8 max-w-2xl space-y-7"
        encType="multipart/form-data"
      >
        {(field) => (
          <>
            <TextField {...field("title")} label="Title" limit={EVENT_TITLE_MAX} />
            <TextField
              {...field("slug")}
              label="Web address name"
              optional
              hint="Made from the title when left empty, such as trivia-night (trivia-night-2 when another event has it). It stays when the title changes."
              limit={SLUG_MAX}
              autoCapitalize="none"
              spellCheck={false}
            />
            <div className="grid gap-7 sm:grid-cols-2">
              <TextField {...field("startDate")} label="Date" type="date" />
              <TextField {...field("startTime")} label="Starts at" type="time" />
            </div>
            <div className="grid gap-7 sm:grid-cols-2">
              <TextField
                {...field("endTime")}
                label="Ends at"
                type="time"
                optional
                hint="Empty: about three hours."
              />
              <TextField
                {...field("endDate")}
                label="Ends on"
                type="date"
                optional
                hint="Only when it runs past midnight."
              />
            </div>
            <SelectField {...field("status")} label="Status">
              {EVENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {eventStatusLabels[status]}
                </option>
              ))}
            </SelectField>
            <TextField
              {...field("price")}
              label="Cover charge"
              optional
              hint="In dollars, such as 10 or 12.50. Empty: free."
              inputMode="decimal"
            />
            <TextField
              {...field("performer")}
              label="Performer"
              optional
              hint="Who plays or hosts, such as Kettle & Crow; search engines show it with the event. Empty: no one to name."
              limit={EVENT_PERFORMER_MAX}
              autoComplete="off"
            />
            <TextField
              {...field("summary")}
              label="Summary"
              optional
              hint="One line for the home page."
              limit={EVENT_SUMMARY_MAX}
            />
            <TextAreaField
              {...field("description")}
              label="Description"
              optional
              rows={5}
              limit={EVENT_DESCRIPTION_MAX}
            />
            <PictureField
              altLimit={IMAGE_ALT_MAX}
              formId={FORM_ID}
              names={EVENT_PICTURE_NAMES}
              path={keptPath}
              alt={field("imageAlt").defaultValue}
              errors={{ file: field("image").error, alt: field("imageAlt").error }}
              altHint="What the picture shows, in a short sentence, for people who cannot see it."
            />
            <CheckboxField
              {...checkbox(field("hidden"))}
              label="Hide from the site"
              hint="Hidden events stay here for staff but visitors do not see them."
              optional
            />
          </>
        )}
      </EditorForm>

      {event ? (
        <DeleteSection
          what={`“${event.title}”`}
          consequence="The event goes from the site and from this list."
          confirming={confirming}
          keepTo={`/staff/events/${event.id}`}
        />
      ) : null}
    </>
  );
}
