import { data } from "react-router";
import { formValues } from "~/platform/forms/form-check";
import { readPost, refusePost } from "~/platform/forms/form-post.server";
import { FORM_ID_FIELD, postedBy, type AnyForm } from "~/platform/forms/form-spec";
import { nothingSavedMessage, OUTAGE_RETRY_AFTER_SECONDS, outageReason } from "./outage.server";

/** One form a staff page posts, and what its post does. */
export type StaffForm<Args> = {
  form: AnyForm;
  /**
   * Whether the form is given back as typed when the database cannot be
   * reached: by default a form of typed fields is, a form of buttons (one
   * with `intents`) has nothing to keep.
   */
  keepsTyping?: boolean;
  /**
   * The form the post is given back as when nothing could be saved: a save
   * that follows a check (its fields carried in hidden inputs) comes back as
   * the check's form, which the page shows; by default the form itself.
   */
  answersAs?: AnyForm;
  /** The post, read once; check it with `checkPost` and the form. */
  handle: (form: FormData, args: Args) => Promise<unknown>;
};

/** What a post answers that none of the page's forms sent. */
export const NOT_THIS_PAGE =
  "That is not a change this page can make. Reload the page and try again.";

/**
 * The action of a staff page: the post is read once and handed to the form
 * it came from (by its form-id, or a button's intent), the first that
 * claims it; a post that names none goes to the page's one form of typed
 * fields, when it has one. A post no form of the page sends is refused (400). When an
 * outage stops it at any step (the staff check, a read, the save), a form
 * of typed fields comes back (503) as it was sent, with a word that nothing
 * was saved; anything else gets the outage answer as it is.
 */
export function staffAction<Args extends { request: Request }>(
  forms: readonly StaffForm<Args>[],
  {
    notThisPage = () => {
      throw data(NOT_THIS_PAGE, { status: 400 });
    },
  }: {
    /** The answer to a post none of the forms sent, in the page's own words. */
    notThisPage?: () => unknown;
  } = {},
) {
  /** A post that names no form, to a page with one form of typed fields: that form's. */
  const typed = forms.filter((candidate) => candidate.form.intents === undefined);
  const onlyForm = (form: FormData) =>
    typed.length === 1 && !form.has(FORM_ID_FIELD) && !form.has("intent") ? typed[0] : undefined;

  return async (args: Args) => {
    const { form } = await readPost(args.request);
    const posted = forms.find((candidate) => postedBy(candidate.form, form)) ?? onlyForm(form);
    if (!posted) return notThisPage();
    try {
      return await posted.handle(form, args);
    } catch (error) {
      const reason = outageReason(error);
      const keepsTyping = posted.keepsTyping ?? posted.form.intents === undefined;
      if (!reason || !keepsTyping) throw error;
      const answering = posted.answersAs ?? posted.form;
      const { fields, lists } = answering;
      return refusePost(
        answering,
        formValues(form, fields, lists),
        {},
        {
          formError: nothingSavedMessage(reason),
          status: 503,
          headers: { "Retry-After": OUTAGE_RETRY_AFTER_SECONDS },
        },
      );
    }
  };
}
