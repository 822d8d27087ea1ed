import { PictureField } from "~/images/picture-field";
import { cn } from "~/platform/cn";
import { checkbox as boxOf, type BoundField } from "~/platform/forms/checked-form";
import type { FieldSpec } from "~/platform/forms/field-specs";
import {
  CheckboxField,
  CheckboxGroupField,
  SelectField,
  TextAreaField,
  TextField,
} from "~/platform/forms/form-fields";

/** How many fields a row holds, as columns on a wide screen. */
const COLUMNS = ["", "", "sm:grid-cols-2", "sm:grid-cols-3"] as const;

/** An editor's fields, drawn from what its domain declared of them. */
export function EditorFields<Field extends string>({
  fields,
  field,
  formId,
}: {
  fields: readonly FieldSpec<Field>[];
  field: (name: Field) => BoundField;
  formId: string;
}) {
  return fields.map((spec, index) => (
    <EditorField
      key={"name" in spec ? spec.name : index}
      spec={spec}
      field={field}
      formId={formId}
    />
  ));
}

function EditorField<Field extends string>({
  spec,
  field,
  formId,
}: {
  spec: FieldSpec<Field>;
  field: (name: Field) => BoundField;
  formId: string;
}) {
  switch (spec.kind) {
    case "text": {
      const { kind: _, name, ...props } = spec;
      return <TextField {...field(name)} {...props} />;
    }
    case "area": {
      const { kind: _, name, short, ...props } = spec;
      return (
        <TextAreaField
          {...field(name)}
          {...props}
          className={short ? "[&_textarea]:min-h-28" : undefined}
        />
      );
    }
    case "select": {
      const { kind: _, name, options, none, ...props } = spec;
      return (
        <SelectField {...field(name)} {...props}>
          {none === undefined ? null : <option value="">{none}</option>}
          {options.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      );
    }
    case "checkbox": {
      const { kind: _, name, ...props } = spec;
      return <CheckboxField {...boxOf(field(name))} {...props} />;
    }
    case "checkboxes": {
      const { kind: _, name, ...props } = spec;
      return <CheckboxGroupField {...field(name)} {...props} />;
    }
    case "picture": {
      const { names, ...props } = spec;
      return (
        <PictureField
          {...props}
          formId={formId}
          names={names}
          path={field(names.kept).defaultValue || null}
          alt={field(names.alt).defaultValue}
          errors={{ file: field(names.file).error, alt: field(names.alt).error }}
        />
      );
    }
    case "row":
      return (
        <div className={cn("grid gap-7", COLUMNS[spec.fields.length])}>
          <EditorFields fields={spec.fields} field={field} formId={formId} />
        </div>
      );
    case "group":
      return spec.legend ? (
        <fieldset className="space-y-6 border-t border-border pt-6 first-of-type:border-t-0 first-of-type:pt-0">
          <legend className="float-left mb-6 w-full text-2xl tracking-tight">{spec.legend}</legend>
          <div className="clear-left space-y-6">
            <EditorFields fields={spec.fields} field={field} formId={formId} />
          </div>
        </fieldset>
      ) : (
        <div className="space-y-6 border-t border-border pt-6">
          <EditorFields fields={spec.fields} field={field} formId={formId} />
        </div>
      );
  }
}
