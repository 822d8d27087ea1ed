import { checkbox, type BoundField } from "~/platform/forms/checked-form";
import type { FormValues } from "~/platform/forms/form-check";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/platform/forms/form-fields";
import { PictureField } from "~/images/picture-field";
import {
  EVENT_DESCRIPTION_MAX,
  EVENT_PERFORMER_MAX,
  EVENT_PICTURE_NAMES,
  EVENT_STATUSES,
  EVENT_SUMMARY_MAX,
  EVENT_TITLE_MAX,
  IMAGE_ALT_MAX,
  SLUG_MAX,
  eventForm,
  eventStatusLabels,
  type EventField,
} from "./event-editor";

/** An event's fields: what it is, when, what it costs, and its picture. */
export function EventFields({
  field,
  values,
}: {
  field: (name: EventField) => BoundField;
  /** The values shown now (the picture kept by a refused post among them). */
  values: Partial<FormValues<EventField>>;
}) {
  return (
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
        formId={eventForm.id}
        names={EVENT_PICTURE_NAMES}
        path={values.imageKept || null}
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
  );
}
