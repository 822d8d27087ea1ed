import { checkbox, type BoundField } from "~/platform/forms/checked-form";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/platform/forms/form-fields";
import {
  DESCRIPTION_MAX,
  NAME_MAX,
  PRICE_UNITS,
  priceUnitLabels,
  type PackageField,
} from "./venue-editor";

/** A venue package's fields: its name, its price and what it includes. */
export function PackageFields({ field }: { field: (name: PackageField) => BoundField }) {
  return (
    <>
      <TextField {...field("name")} label="Name" limit={NAME_MAX} />
      <div className="grid gap-7 sm:grid-cols-2">
        <TextField
          {...field("price")}
          label="Price"
          hint="In dollars, such as 32 or 450.00."
          inputMode="decimal"
        />
        <SelectField {...field("priceUnit")} label="Priced">
          {PRICE_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {priceUnitLabels[unit]}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        {...field("minimumGuests")}
        label="Minimum guests"
        optional
        inputMode="numeric"
        hint="Empty: no minimum."
      />
      <TextAreaField
        {...field("includes")}
        label="Includes"
        optional
        hint="One a line: a drink on arrival, sharing platters, a private bar."
        rows={5}
      />
      <TextAreaField
        {...field("description")}
        label="Description"
        optional
        rows={4}
        limit={DESCRIPTION_MAX}
      />
      <CheckboxField
        {...checkbox(field("hidden"))}
        label="Hide from the site"
        hint="Hidden packages are not on the venue page."
        optional
      />
    </>
  );
}
