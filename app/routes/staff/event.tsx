import { SaveIcon } from "lucide-react";
import { data } from "react-router";
import type { Route } from "./+types/event";
import { CheckedForm, checkbox, type Validator } from "~/components/ui/checked-form";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/ui/form-fields";
import {
  EVENT_DESCRIPTION_MAX,
  EVENT_STATUSES,
  EVENT_SUMMARY_MAX,
  EVENT_TITLE_MAX,
  IMAGE_ALT_MAX,
  SLUG_MAX,
  eventFieldLabels,
  eventFields,
  eventFormValues,
  eventStatusLabels,
  newEventValues,
  type EventField,
} from "~/events/event-editor";
import { deleteEvent, eventForStaff, insertEvent, updateEvent } from "~/events/event-editor.server";
import { eventSchema } from "~/events/event-rules";
import { redirectWithToast } from "~/platform/toast.server";
import { BackLink, DeleteSection } from "~/staff/editor-ui";
import {
  checkPost,
  databaseErrorCode,
  deleteRequest,
  readAsStaff,
  refusePost,
  writeAsStaff,
} from "~/staff/editor.server";
import { staffPageHeaders } from "~/staff/session.server";
import { staffMeta } from "~/staff/staff-meta";
import type { FieldErrors } from "~/platform/form-check";

const FORM_ID = "event-form";
const SAVED = { type: "success", title: "Saved. Visitors see it now." } as const;

/** The event the address names: "new", or an id; anything else is no page. */
function eventParam(raw: string | undefined): "new" | number {
  if (raw === "new") return "new";
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) throw data("Not Found", { status: 404 });
  return Number(raw);
}

const notFound = () => data("Not Found", { status: 404 });

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = eventParam(params.id);
  if (id === "new") return { id, event: null, values: newEventValues };
  const event = await readAsStaff(context, (tx) => eventForStaff(tx, id));
  if (!event) throw notFound();
  return { id, event, values: eventFormValues(event) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = eventParam(params.id);
  const form = await request.formData();

  const deleting = id === "new" ? "none" : deleteRequest(form);
  if (deleting === "ask") return { confirmDelete: true } as const;
  if (deleting === "confirmed" && id !== "new") {
    const deleted = await writeAsStaff(context, (tx) => deleteEvent(tx, id));
    if (!deleted) throw notFound();
    return redirectWithToast("/staff/events", { type: "success", title: "Event deleted." });
  }

  const post = checkPost(form, eventFields, eventSchema);
  if (!post.ok) return refusePost(post.values, post.errors);
  const event = post.data;
  // The picture stays as saved; alt text is edited with the other fields.
  const kept = post.values.imageKept.trim();
  const picture = {
    path: kept && post.values.imageRemove !== "on" ? kept : null,
    alt: event.imageAlt,
  };

  try {
    const saved = await writeAsStaff(context, async (tx) => {
      if (id === "new") return insertEvent(tx, event, picture);
      const current = await eventForStaff(tx, id);
      if (!current) return null;
      // Only a picture the event already has can be kept.
      const path = picture.path === current.image?.path ? picture.path : null;
      return (await updateEvent(tx, id, event, { ...picture, path })) ? id : null;
    });
    if (saved === null) throw notFound();
    return redirectWithToast(`/staff/events/${saved}`, SAVED);
  } catch (error) {
    const refused = refusedByDatabase(error, event.slug);
    if (refused) return refusePost(post.values, refused);
    throw error;
  }
}

/** A constraint the database enforces, as the field to fix. */
function refusedByDatabase(error: unknown, slug: string): FieldErrors<EventField> | null {
  if (databaseErrorCode(error) === "23505") {
    return {
      slug: `Another event already uses the web address “${slug}”. Enter a different one, such as ${slug}-2.`,
    };
  }
  return null;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  staffMeta(loaderData?.event ? `Edit ${loaderData.event.title.slice(0, 60)}` : "Add an event");

export const headers: Route.HeadersFunction = staffPageHeaders;

const loadValidator = (): Promise<Validator<EventField>> =>
  Promise.all([import("~/events/event-rules"), import("~/platform/form-check")]).then(
    ([rules, check]) =>
      (values) => {
        const checked = check.checkForm(rules.eventSchema, values);
        return checked.ok ? {} : checked.errors;
      },
  );

export default function StaffEventPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, values } = loaderData;
  const checked = actionData && "values" in actionData ? actionData : undefined;
  const confirming = Boolean(actionData && "confirmDelete" in actionData);
  const keptPath = (checked?.values.imageKept ?? values.imageKept ?? "") || null;

  return (
    <>
      <BackLink to="/staff/events">All events</BackLink>
      <h1 id="event-title" className="mt-4 text-4xl tracking-tight break-words">
        {event ? event.title : "Add an event"}
      </h1>
      <p className="mt-2 text-lg text-muted-foreground">
        Dates and times are on the pub's clock (Toronto), summer or winter.
      </p>

      <CheckedForm
        // A new event's page becomes the event's own after the save.
        key={event?.id ?? "new"}
        id={FORM_ID}
        titleId="event-title"
        fields={eventFields}
        labels={eventFieldLabels}
        actionData={checked}
        initialValues={values}
        loadValidator={loadValidator}
        retryVerb="save"
        submitLabel={event ? "Save changes" : "Add event"}
        submitIcon={<SaveIcon aria-hidden="true" />}
        pendingLabel="Saving…"
        className="relative mt-8 max-w-2xl space-y-7"
        hidden={
          <>
            <input type="hidden" name="imageKept" value={keptPath ?? ""} />
          </>
        }
      >
        {(field) => (
          <>
            <TextField {...field("title")} label="Title" maxLength={EVENT_TITLE_MAX * 2} />
            <TextField
              {...field("slug")}
              label="Web address name"
              optional
              hint="Made from the title when left empty, such as trivia-night. Each event needs its own."
              maxLength={SLUG_MAX * 2}
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
              {...field("summary")}
              label="Summary"
              optional
              hint={`One line for the home page, up to ${EVENT_SUMMARY_MAX} characters.`}
              maxLength={EVENT_SUMMARY_MAX * 2}
            />
            <TextAreaField
              {...field("description")}
              label="Description"
              optional
              hint={`Up to ${EVENT_DESCRIPTION_MAX.toLocaleString("en-CA")} characters.`}
              rows={5}
            />
            {keptPath ? (
              <TextField
                {...field("imageAlt")}
                label="Picture description"
                hint="Describe the picture for people who cannot see it."
                maxLength={IMAGE_ALT_MAX * 2}
              />
            ) : null}
            <CheckboxField
              {...checkbox(field("hidden"))}
              label="Hide from the site"
              hint="Hidden events stay here for staff but visitors do not see them."
              optional
            />
          </>
        )}
      </CheckedForm>

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
