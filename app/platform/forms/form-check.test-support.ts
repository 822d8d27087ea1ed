import type { z } from "zod";
import { checkForm } from "./form-check";

/** A form of `fields` as a browser posts it: every field empty, but for `values`. */
export function blankForm<Field extends string>(
  fields: readonly Field[],
  values: Partial<Record<Field, string>> = {},
): Record<Field, string> {
  return {
    ...(Object.fromEntries(fields.map((field) => [field, ""])) as Record<Field, string>),
    ...values,
  };
}

/**
 * What a form's rules make of it, as a function of the values typed: the form
 * is one of `fields`, blank but for `defaults` and then the values given.
 */
export const inputOf =
  <Schema extends z.ZodType, Field extends string>(
    schema: Schema,
    fields: readonly Field[],
    defaults: Partial<Record<Field, string>>,
  ) =>
  (values: Partial<Record<Field, string>> = {}): z.output<Schema> =>
    checked(schema, { ...blankForm(fields, defaults), ...values });

/** What `schema` makes of a form it takes; a form it refuses fails the test, naming the errors. */
export function checked<Schema extends z.ZodType>(
  schema: Schema,
  values: Record<string, string>,
): z.output<Schema> {
  const result = checkForm(schema, values);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.data;
}
