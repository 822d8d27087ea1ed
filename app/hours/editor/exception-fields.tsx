import { checkbox, type BoundField } from "~/platform/forms/checked-form";
import { CheckboxField, TextField } from "~/platform/forms/form-fields";
import { NOTE_MAX, type ExceptionField } from "./hours-editor";

/** An exception's fields: its days, closed or its hours, and the note visitors see. */
export function ExceptionFields({ field }: { field: (name: ExceptionField) => BoundField }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field("startsOn")} type="date" label="First day" />
        <TextField
          {...field("endsOn")}
          type="date"
          label="Last day"
          hint="Leave empty for one day."
          optional
        />
      </div>
      <CheckboxField
        {...checkbox(field("closed"))}
        label="Closed all day"
        hint="When ticked, the times below are not used."
        optional
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField {...field("opensAt")} type="time" label="Opens" conditional />
        <TextField
          {...field("closesAt")}
          type="time"
          label="Closes"
          hint="Before opening means after midnight, up to 6 am."
          conditional
        />
        <TextField {...field("kitchenClosesAt")} type="time" label="Kitchen closes" optional />
      </div>
      <TextField
        {...field("note")}
        label="Note"
        hint="Visitors see it beside the date: “Boxing Day hours”."
        limit={NOTE_MAX}
        optional
      />
    </>
  );
}
