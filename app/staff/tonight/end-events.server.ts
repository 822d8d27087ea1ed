import type { RouterContextProvider } from "react-router";
import { nightPath } from "~/hours/editor/hours-editor";
import { checkPost, refusePost } from "~/platform/forms/form-post.server";
import { redirectSaved, writeAsStaff } from "~/staff/editor/editor.server";
import type { StaffForm } from "~/staff/editor/staff-action.server";
import { endEventsForm } from "./end-events";
import { UNREADABLE_OFFER } from "./end-events-rules";
import { endedWords } from "./night-cut";
import { endEventsAtClosing } from "./night-cut.server";

/**
 * The hours page's "End them at 9 pm": the offered events end at the night's
 * closing time, and the page comes back to the night's notice with a toast
 * that says so. An offer that does not read is refused (400); one the night
 * or its events have moved on from since (409), with the reason and nothing
 * changed, and the page shows what runs past closing now.
 */
export const endEvents: StaffForm<{ context: Readonly<RouterContextProvider>; request: Request }> =
  {
    form: endEventsForm,
    async handle(post, { context }) {
      const checked = await checkPost(post, endEventsForm, undefined);
      if (!checked.ok) {
        return refusePost(endEventsForm, checked.values, {}, { formError: UNREADABLE_OFFER });
      }
      const offer = checked.data;
      const ended = await writeAsStaff(context, (tx) => endEventsAtClosing(tx, offer));
      if (!ended.ok) {
        return refusePost(
          endEventsForm,
          checked.values,
          {},
          { formError: ended.reason, status: 409 },
        );
      }
      return redirectSaved(
        nightPath(offer.night, offer.closing),
        endedWords(ended.titles, offer.time),
      );
    },
  };
