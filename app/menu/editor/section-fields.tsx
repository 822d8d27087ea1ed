import { checkbox, type BoundField } from "~/platform/forms/checked-form";
import {
  CheckboxField,
  CheckboxGroupField,
  TextAreaField,
  TextField,
} from "~/platform/forms/form-fields";
import {
  ALLERGEN_OPTIONS,
  SECTION_DESCRIPTION_MAX,
  SECTION_NAME_MAX,
  SECTION_NOTE_MAX,
  SECTION_SLUG_MAX,
  type SectionField,
} from "./menu-editor";

/** A menu section's fields: its heading, address, words, and what its equipment may pass on. */
export function MenuSectionFields({ field }: { field: (name: SectionField) => BoundField }) {
  return (
    <>
      <TextField
        {...field("name")}
        label="Name"
        hint="As the menu heads the section, such as Starters & Shareables."
        limit={SECTION_NAME_MAX}
        autoComplete="off"
      />
      <TextField
        {...field("slug")}
        label="Web address"
        optional
        hint="The end of the section’s link, /menu#starters: letters, digits and dashes. Leave it empty to make one from the name."
        limit={SECTION_SLUG_MAX}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextAreaField
        {...field("description")}
        label="Description"
        optional
        hint="A line or two under the heading."
        limit={SECTION_DESCRIPTION_MAX}
        className="[&_textarea]:min-h-28"
      />
      <TextField
        {...field("note")}
        label="Note"
        optional
        hint="A short note in bold, such as “Pick a sauce: mild, medium or hot.” or “Cooked in a shared fryer.”"
        limit={SECTION_NOTE_MAX}
        autoComplete="off"
      />
      <CheckboxGroupField
        {...field("mayContain")}
        label="May contain traces of"
        hint="What a shared fryer, grill or board may pass on to everything in this section. The menu lists it under the note, and no item here can be tagged with a diet it rules out (traces of milk rule out Vegan and Dairy-free)."
        options={ALLERGEN_OPTIONS}
      />
      <CheckboxField
        {...checkbox(field("hidden"))}
        optional
        label="Hide this section and its items from visitors"
        hint="Staff still see it here. Untick to show it again."
      />
    </>
  );
}
