import type { RowChoice } from "~/platform/forms/editor-spec";
import { checkbox, type BoundField } from "~/platform/forms/checked-form";
import {
  CheckboxField,
  CheckboxGroupField,
  SelectField,
  TextAreaField,
  TextField,
} from "~/platform/forms/form-fields";
import { RowChoiceOptions } from "~/platform/forms/row-choice-options";
import { PictureField } from "~/images/picture-field";
import {
  ALLERGEN_OPTIONS,
  BADGE_OPTIONS,
  DIETARY_OPTIONS,
  ITEM_DESCRIPTION_MAX,
  ITEM_IMAGE_ALT_MAX,
  ITEM_NAME_MAX,
  ITEM_PICTURE_NAMES,
  ITEM_PORTION_MAX,
  itemForm,
  type EditorSection,
  type ItemField,
} from "./menu-editor";

/** A menu item's fields: what it is, what it costs, who it suits, and its picture. */
export function MenuItemFields({
  field,
  sections,
  events,
  outToday,
}: {
  field: (name: ItemField) => BoundField;
  sections: readonly Pick<EditorSection, "id" | "name" | "hidden">[];
  /** The events it may go with. */
  events: readonly RowChoice[];
  /** Whether it is marked not available today. */
  outToday: boolean;
}) {
  return (
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
        <RowChoiceOptions none="No event: every day" choices={events} />
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
        formId={itemForm.id}
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
  );
}
