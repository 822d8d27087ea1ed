import { isAuthRetryableFetchError } from "@supabase/supabase-js";
import { data, type RouterContextProvider } from "react-router";
import { authBackendContext, databaseContext } from "~/platform/context";
import { checkAnswersMessage } from "~/platform/forms/form-check";
import { log } from "~/platform/logger.server";
import { redirectWithToast } from "~/platform/toast.server";
import { setupReply } from "./first-owner.server";
import { createAdminClient, staffClient } from "./session.server";
import { EXPIRED_INVITATION, invitationForm } from "./staff-forms";
import { checkPost, readPost } from "~/platform/forms/form-post.server";
import {
  consumeInviteCode,
  inviteeForCode,
  isInvitationCode,
  recordNewPassword,
  type Invitee,
} from "./staff.server";

/**
 * An invited staff member's first visit: the link an owner passed on
 * (`/staff/setup?code=…`) lets them set their own password, once, within a
 * day, and signs them in. A reset link (an owner's, or `staff-reset`'s)
 * works the same way, within an hour, and signs their other sessions out.
 */

/**
 * What this link is as an invitation: whom it invites while it works,
 * "used" once it has been used or has expired, or null when it is no
 * invitation (a first owner's setup code, or nothing).
 */
export async function invitationFor(
  context: Readonly<RouterContextProvider>,
  code: string,
): Promise<Invitee | "used" | null> {
  const db = await context.get(databaseContext)();
  const invitee = await inviteeForCode(db, code);
  if (invitee) return invitee;
  return (await isInvitationCode(db, code)) ? "used" : null;
}

/** The answer to a post with an invitation that no longer works. */
export function usedInvitation() {
  return setupReply(410, "", {}, EXPIRED_INVITATION);
}

/** The invitation form's post: the member's password set, the code used up, signed in. */
export async function acceptInvitation(
  request: Request,
  context: Readonly<RouterContextProvider>,
  code: string,
  invitee: Invitee,
) {
  const backend = await context.get(authBackendContext)();
  const admin = createAdminClient(backend);
  if (!admin) throw data("Not Found", { status: 404 });

  const checked = await checkPost((await readPost(request)).form, invitationForm, undefined);
  if (!checked.ok) {
    const count = Object.keys(checked.errors).length;
    return setupReply(400, invitee.email, checked.errors, checkAnswersMessage(count, "save"));
  }

  const db = await context.get(databaseContext)();
  // Taken first: of two posts at once, one sets the password.
  const taken = await consumeInviteCode(db, code);
  if (!taken) return setupReply(410, invitee.email, {}, EXPIRED_INVITATION);

  const { password } = checked.data;
  const updated = await admin.auth.admin.updateUserById(taken.userId, { password });
  if (updated.error) {
    log.error("An invited member's password could not be set", { error: updated.error });
    const retryable = isAuthRetryableFetchError(updated.error);
    return setupReply(
      retryable ? 503 : 400,
      taken.email,
      {},
      `Your password could not be set (${updated.error.message}). ${EXPIRED_INVITATION}`,
    );
  }
  await recordNewPassword(db, taken.userId);
  log.info(
    taken.purpose === "reset"
      ? "A staff member set a new password with a reset link"
      : "An invited staff member set their password",
    { userId: taken.userId },
  );

  const signedIn = await staffClient(context).auth.signInWithPassword({
    email: taken.email,
    password,
  });
  const title =
    taken.purpose === "reset" ? "Your new password is set." : "Your staff account is ready.";
  if (signedIn.error) {
    return redirectWithToast("/staff/sign-in", {
      type: "success",
      title,
      description: "Sign in with it to continue.",
    });
  }
  return redirectWithToast("/staff", { type: "success", title, description: "You're signed in." });
}
