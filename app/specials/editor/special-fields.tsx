import type { RowChoice } from "~/platform/forms/editor-spec";
import { checkbox, type BoundField } from "~/platform/forms/checked-form";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/platform/forms/form-fields";
import { RowChoiceOptions } from "~/platform/forms/row-choice-options";
import { DESCRIPTION_MAX, TITLE_MAX, WEEKDAY_CHOICES, type SpecialField } from "./specials-editor";

/** The special editor's fields: what it is, what it costs, and when it is on. */
export function SpecialFields({
  field,
  events,
}: {
  field: (name: SpecialField) => BoundField;
  /** The events it may go with. */
  events: readonly RowChoice[];
}) {
  return (
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
        <RowChoiceOptions none="No event: on its days as above" choices={events} />
      </SelectField>
      <CheckboxField
        {...checkbox(field("hidden"))}
        label="Hidden"
        hint="Kept here, not shown on the site."
        optional
      />
    </>
  );
}
