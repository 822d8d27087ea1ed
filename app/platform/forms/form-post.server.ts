import { data } from "react-router";
import type { z } from "zod";
import {
  checkAnswersMessage,
  checkForm,
  formValues,
  type FieldErrors,
  type FormAnswer,
  type FormValues,
} from "./form-check";
import { singleFields, type FormSpec } from "./form-spec";

/**
 * The one way a post is read and checked, for every form of the site,
 * staff and public: the body read once, each field as its form declares it,
 * the form's own rules (the schema the browser runs), and a refusal that
 * gives the form back as it was typed.
 */

/**
 * A request's form, read once. A body that is not a form reads as an empty
 * one, `unreadable`: the pipeline refuses those before any action but the
 * ones that read any post themselves (the enquiry forms), which say so.
 */
export async function readPost(request: Request): Promise<{ form: FormData; unreadable: boolean }> {
  try {
    return { form: await request.formData(), unreadable: false };
  } catch {
    return { form: new FormData(), unreadable: true };
  }
}

/** A post checked by its form's rules: the parsed data, or each field's first problem. */
export type CheckedPost<Field extends string, Data> =
  | { ok: true; values: FormValues<Field>; data: Data }
  | { ok: false; values: FormValues<Field>; errors: FieldErrors<Field> };

/** What a field sent more than once says: a browser never sends one field twice. */
export const sentTwice = (verb = "send") =>
  `This was sent more than once; enter one value and ${verb} again.`;

/**
 * A post's fields read as its form declares them (checkbox groups as all
 * their values, files left to their own readers) and checked by the form's
 * rules for `context`; a field that takes one value but came twice is
 * refused with a word by it.
 */
export async function checkPost<Field extends string, Schema extends z.ZodType, Context>(
  form: FormData,
  spec: FormSpec<Field, Schema, Context>,
  context: Context,
): Promise<CheckedPost<Field, z.output<Schema>>> {
  const values = formValues(form, spec.fields, spec.lists);
  const repeated: FieldErrors<Field> = {};
  for (const field of singleFields(spec)) {
    if (form.getAll(field).length > 1) repeated[field] = sentTwice(spec.verb);
  }
  const checked = checkForm<Schema, Field>(await spec.rules(context), values);
  if (checked.ok && Object.keys(repeated).length === 0) {
    return { ok: true, values, data: checked.data };
  }
  return { ok: false, values, errors: { ...(checked.ok ? {} : checked.errors), ...repeated } };
}

/**
 * The answer that gives a form back (400 unless said otherwise): what was
 * typed, each field's problem, and a word over the whole form, by default
 * how many answers need checking.
 */
export function refusePost<Field extends string, Also extends object = object>(
  spec: Pick<FormSpec<Field>, "id" | "verb">,
  values: Partial<FormValues<Field>>,
  errors: FieldErrors<Field>,
  {
    formError = checkAnswersMessage(Object.keys(errors).length, spec.verb),
    status = 400,
    headers,
    also,
  }: {
    formError?: string | null;
    status?: number;
    headers?: HeadersInit;
    /** More for the page than the form itself (a link that has expired). */
    also?: Also;
  } = {},
) {
  const answer: FormAnswer<Field> = { formId: spec.id, values, errors, formError };
  return data({ ...also, ...answer } as FormAnswer<Field> & Partial<Also>, { status, headers });
}
