import { checkbox, type BoundField } from "~/platform/forms/checked-form";
import type { FormValues } from "~/platform/forms/form-check";
import { CheckboxField, TextAreaField, TextField } from "~/platform/forms/form-fields";
import { PictureField } from "~/images/picture-field";
import {
  DESCRIPTION_MAX,
  NAME_MAX,
  NOTE_MAX,
  PHOTO_ALT_MAX,
  PHOTO_SLOTS,
  SLUG_MAX,
  SUMMARY_MAX,
  photoNames,
  spaceForm,
  type SpaceField,
} from "./venue-editor";

/** A venue space's fields: its name, how many it holds, how to get in, and its photos. */
export function SpaceFields({
  field,
  values: shown,
}: {
  field: (name: SpaceField) => BoundField;
  /** The values shown now (the photos kept by a refused post among them). */
  values: Partial<FormValues<SpaceField>>;
}) {
  // The saved (or just uploaded) photos, and one empty slot to add another.
  const kept = PHOTO_SLOTS.filter((slot) => (shown[photoNames(slot).kept] ?? "") !== "");
  const empty = PHOTO_SLOTS.find((slot) => !kept.includes(slot));
  const photoSlots = empty === undefined ? kept : [...kept, empty];
  return (
    <>
      <TextField {...field("name")} label="Name" limit={NAME_MAX} />
      <TextField
        {...field("slug")}
        label="Web address name"
        optional
        hint="Made from the name when left empty, such as the-snug."
        limit={SLUG_MAX}
        autoCapitalize="none"
        spellCheck={false}
      />
      <div className="grid gap-7 sm:grid-cols-2">
        <TextField
          {...field("seatedCapacity")}
          label="Seated guests"
          inputMode="numeric"
          hint="0 if it is not set up seated."
        />
        <TextField
          {...field("standingCapacity")}
          label="Standing guests"
          inputMode="numeric"
          hint="0 if it is not set up standing."
        />
      </div>
      <TextField {...field("summary")} label="Summary" optional limit={SUMMARY_MAX} />
      <TextAreaField
        {...field("description")}
        label="Description"
        optional
        rows={5}
        limit={DESCRIPTION_MAX}
      />
      <TextAreaField
        {...field("features")}
        label="Features"
        optional
        hint="One a line, or separated by commas: private bar, projector, fireplace."
        rows={4}
      />
      <CheckboxField
        {...checkbox(field("stepFree"))}
        label="Step-free access"
        hint="Guests can get in without steps or stairs."
        optional
      />
      <TextAreaField
        {...field("accessibilityNote")}
        label="Access note"
        optional
        hint="Lifts, ramps, nearest accessible washroom."
        rows={3}
        limit={NOTE_MAX}
      />
      {photoSlots.map((slot) => {
        const names = photoNames(slot);
        return (
          <PictureField
            altLimit={PHOTO_ALT_MAX}
            key={slot}
            formId={spaceForm.id}
            names={names}
            label={`Photo ${slot + 1}`}
            path={(shown[names.kept] ?? "") || null}
            alt={field(names.alt).defaultValue}
            errors={{ file: field(names.file).error, alt: field(names.alt).error }}
          />
        );
      })}
      <CheckboxField
        {...checkbox(field("hidden"))}
        label="Hide from the site"
        hint="Hidden spaces are not on the venue page or in the enquiry form."
        optional
      />
    </>
  );
}
