import { data } from "react-router";
import type { CheckedFormData, FormValues } from "~/platform/form-check";
import { formValues } from "~/platform/form-check";
import { FORM_ID_FIELD } from "~/platform/ui/checked-form";

/**
 * What the staff area answers when what it depends on (the database, or the
 * sign-in service) cannot be reached: a 503 that says nothing was saved, and,
 * for a form, that form again as it was sent, so nothing typed is lost.
 */

/** How long staff are asked to wait before trying again. */
export const OUTAGE_RETRY_AFTER_SECONDS = "30";

/** The answers made by `outageAnswer`, each with what could not be reached. */
const outageAnswers = new WeakMap<object, string>();

/**
 * The answer thrown when `reason` (a sentence: "The database cannot be
 * reached just now.") keeps a staff request from going on. Thrown, it is the
 * error page; a form action made with `keepsFormOnOutage` answers with its
 * form instead.
 */
export function outageAnswer(reason: string) {
  const answer = data(`${reason} Nothing was saved. Please try again in a minute.`, {
    status: 503,
    headers: { "Retry-After": OUTAGE_RETRY_AFTER_SECONDS },
  });
  outageAnswers.set(answer, reason);
  return answer;
}

/** Why the database is out of reach, in the words staff read. */
export const DATABASE_UNREACHABLE = "The database cannot be reached just now.";

/** Said over a form given back because of an outage. */
export function nothingSavedMessage(reason: string): string {
  return `${reason} Nothing was saved, and what you entered is still here: save again in a minute.`;
}

/** The fields of one of a page's forms (checkbox groups in `lists`). */
export type FormFields<Field extends string = string> = {
  fields: readonly Field[];
  lists?: readonly Field[];
};

/** A refused post as the forms read it, with the form it came from. */
export type KeptForm<Field extends string> = CheckedFormData<Field> & { formId: string };

/**
 * A staff page's form action. The post is read once and given to `handle`.
 * When an outage answer is thrown at any step (the staff check, a read, the
 * save), a post from one of `forms` (by its `form-id`) is answered 503 with
 * its fields as they were sent and a word that nothing was saved, instead of
 * an error page that loses what was typed. Other posts (a delete, say) get
 * the outage answer as it is.
 */
export function keepsFormOnOutage<Args extends { request: Request }, Field extends string, Result>(
  forms: Readonly<Record<string, FormFields<Field>>>,
  handle: (args: Args, form: FormData) => Promise<Result>,
) {
  return async (args: Args) => {
    const form = await args.request.formData();
    try {
      return await handle(args, form);
    } catch (error) {
      const reason = typeof error === "object" && error !== null && outageAnswers.get(error);
      const formId = String(form.get(FORM_ID_FIELD));
      const posted = Object.hasOwn(forms, formId) ? forms[formId] : undefined;
      if (!reason || !posted) throw error;
      const values: Partial<FormValues<Field>> = formValues(form, posted.fields, posted.lists);
      return data<KeptForm<Field>>(
        { formId, values, errors: {}, formError: nothingSavedMessage(reason) },
        { status: 503, headers: { "Retry-After": OUTAGE_RETRY_AFTER_SECONDS } },
      );
    }
  };
}
