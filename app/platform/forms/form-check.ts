import type { z } from "zod";

/** Form posts as text, checked by one schema on the server and in the browser. */

/** What a form holds: every field as the text the visitor typed. */
export type FormValues<Field extends string> = Record<Field, string>;

/**
 * What a form's summary says when answers need fixing: "Please check 2
 * answers and send again." `verb` is what the form's button does ("send",
 * "save", "sign in").
 */
export function checkAnswersMessage(count: number, verb = "send"): string {
  return `Please check ${count === 1 ? "1 answer" : `${count} answers`} and ${verb} again.`;
}
/** The first problem with each field that has one. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** What a form's last post came back with: the typed values, each field's problem, and the whole post's. */
export type CheckedFormData<Field extends string> = {
  values: Partial<FormValues<Field>>;
  errors: FieldErrors<Field>;
  /** About the whole post (an outage, a rate limit), or a summary of the field errors. */
  formError: string | null;
};

/** A form given back by the server, named by its form's id, so only that form shows it. */
export type FormAnswer<Field extends string> = CheckedFormData<Field> & { formId: string };

/**
 * The answer an action gave a form, when it is that form's: an answer that
 * names another form's id is another form's. (An answer naming none is the
 * only form's on its page.)
 */
export function answerFor<Field extends string>(
  formId: string,
  actionData: unknown,
): CheckedFormData<Field> | undefined {
  if (typeof actionData !== "object" || actionData === null) return undefined;
  if (!("values" in actionData) || !("errors" in actionData)) return undefined;
  const named = (actionData as { formId?: unknown }).formId;
  if (named !== undefined && named !== formId) return undefined;
  return actionData as CheckedFormData<Field>;
}

/**
 * The named fields of a form post as text; anything else (a file, a missing
 * field) is empty, and a field posted twice counts once, as first posted. The
 * `lists` (groups of checkboxes sharing a name) give all their values, joined
 * by commas.
 */
export function formValues<const Field extends string>(
  form: FormData,
  fields: readonly Field[],
  lists: readonly Field[] = [],
): FormValues<Field> {
  const values = {} as FormValues<Field>;
  for (const field of fields) {
    if (lists.includes(field)) {
      values[field] = form
        .getAll(field)
        .filter((value) => typeof value === "string")
        .join(",");
    } else {
      const value = form.get(field);
      values[field] = typeof value === "string" ? value : "";
    }
  }
  return values;
}

/** The first message for each field, from a failed parse. */
export function fieldErrors<Field extends string>(error: z.ZodError): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && !(field in errors)) {
      errors[field as Field] = issue.message;
    }
  }
  return errors;
}

/** A form's values checked by its schema: the parsed enquiry, or the first problem with each field. */
export function checkForm<Schema extends z.ZodType, Field extends string>(
  schema: Schema,
  values: Record<Field, string>,
): { ok: true; data: z.output<Schema> } | { ok: false; errors: FieldErrors<Field> } {
  const result = schema.safeParse(values);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: fieldErrors<Field>(result.error) };
}
