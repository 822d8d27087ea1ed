import type { z } from "zod";

/**
 * A form, declared once for the server and the browser alike: its id, its
 * fields and how each is read, the short names its summary of problems
 * uses, and its rules. The rules are a zod schema made for a context
 * (today's date, the spaces on offer) and loaded on demand, so a page
 * carries no zod until someone starts filling in one of its forms; the
 * server checks every post with the same schema and has the last word
 * (`checkPost` in form-post.server.ts).
 */
export type FormSpec<
  Field extends string = string,
  Schema extends z.ZodType = z.ZodType,
  Context = void,
> = {
  /** Posted in the form's hidden `form-id` field: tells it from the page's other forms. */
  id: string;
  fields: readonly Field[];
  /** Groups of checkboxes sharing a name: read as all their values, joined by commas. */
  lists?: readonly Field[];
  /** File inputs (pictures): not read as text, and not refused when sent with others. */
  files?: readonly Field[];
  /**
   * A form of buttons alone (a row's "move up", "delete") may post no
   * form-id: a post naming one of these `intent`s is this form's.
   */
  intents?: readonly string[];
  /** Short names for the summary of problems ("Price: …"); an editor's come from its fields. */
  labels?: Partial<Record<Field, string>>;
  /** The rules for `context`, loaded when first needed. */
  rules: (context: Context) => Promise<Schema>;
  /** What the summary asks once the problems are fixed: "send", "save", "sign in". */
  verb?: string;
};

/** Any form, as the code that reads every form takes it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a form of any rules and context
export type AnyForm = FormSpec<string, z.ZodType, any>;

/** A form declared with its field names kept as literal types. */
export function defineForm<const Field extends string, Schema extends z.ZodType, Context = void>(
  spec: FormSpec<Field, Schema, Context>,
): FormSpec<Field, Schema, Context> {
  return spec;
}

export type FieldOf<Form> = Form extends FormSpec<infer Field, z.ZodType, never> ? Field : never;
export type DataOf<Form> =
  Form extends FormSpec<string, infer Schema, never> ? z.output<Schema> : never;
export type ContextOf<Form> =
  Form extends FormSpec<string, z.ZodType, infer Context> ? Context : never;

/** The fields a browser sends once: all but the groups of checkboxes and the files. */
export function singleFields<Field extends string>(
  spec: Pick<FormSpec<Field>, "fields" | "lists" | "files">,
): Field[] {
  return spec.fields.filter(
    (field) => !spec.lists?.includes(field) && !spec.files?.includes(field),
  );
}

/** The hidden field that names the form a post came from (several forms may share a page). */
export const FORM_ID_FIELD = "form-id";

/**
 * Whether a post came from this form: a form of buttons by the `intent` it
 * declares, any other by its form-id.
 */
export function postedBy(spec: Pick<AnyForm, "id" | "intents">, form: FormData): boolean {
  if (spec.intents) {
    const intent = form.get("intent");
    return typeof intent === "string" && spec.intents.includes(intent);
  }
  return form.get(FORM_ID_FIELD) === spec.id;
}
