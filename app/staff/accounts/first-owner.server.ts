import { isAuthRetryableFetchError } from "@supabase/supabase-js";
import { data, type RouterContextProvider } from "react-router";
import { serverAuthBackend } from "~/platform/auth-backend.server";
import { authBackendContext, databaseContext } from "~/platform/context";
import { sharedDatabase } from "~/platform/database/connection.server";
import { checkAnswersMessage, type FieldErrors } from "~/platform/forms/form-check";
import { log } from "~/platform/logger.server";
import { redirectWithToast } from "~/platform/toast.server";
import { createAdminClient, staffClient } from "./session.server";
import { EXPIRED_LINK, ownerSetupForm, type SetupField } from "./staff-forms";
import { checkPost, readPost } from "~/platform/forms/form-post.server";
import {
  addStaffMember,
  consumeSetupCode,
  countStaff,
  createSetupCode,
  setupCodeIsUsable,
} from "./staff.server";

/**
 * The first owner of an embedded install: the server prints a one-time link
 * (`/staff/setup?code=…`) on a start with no staff, and whoever opens it
 * within the hour makes the owner's account. A Supabase project adds its
 * staff with `npm run staff:add` instead.
 */

export type SetupState = "ready" | "expired" | "done";

/** Whether this link can still make the owner; a 404 where there is no setup (Supabase). */
export async function setupState(
  context: Readonly<RouterContextProvider>,
  code: string,
): Promise<SetupState> {
  const backend = await context.get(authBackendContext)();
  if (!backend.embedded) throw data("Not Found", { status: 404 });
  const db = await context.get(databaseContext)();
  if ((await countStaff(db)) > 0) return "done";
  return (await setupCodeIsUsable(db, code)) ? "ready" : "expired";
}

export type SetupActionData = {
  values: { email: string };
  errors: FieldErrors<SetupField>;
  formError: string | null;
};

/** The setup form given back: the email as typed, what is wrong, and a word over the form. */
export function setupReply(
  status: number,
  email: string,
  errors: FieldErrors<SetupField>,
  formError: string,
) {
  const body: SetupActionData = { values: { email }, errors, formError };
  return data(body, { status });
}

/** The setup form's post: the owner's account, on the staff list, signed in. */
export async function createFirstOwner(
  request: Request,
  context: Readonly<RouterContextProvider>,
  code: string,
) {
  const backend = await context.get(authBackendContext)();
  const admin = createAdminClient(backend);
  if (!backend.embedded || !admin) throw data("Not Found", { status: 404 });

  const checked = await checkPost((await readPost(request)).form, ownerSetupForm, undefined);
  // Given back as typed, however long: the message says what is wrong with it.
  const email = checked.values.email;
  if (!checked.ok) {
    const count = Object.keys(checked.errors).length;
    return setupReply(400, email, checked.errors, checkAnswersMessage(count, "save"));
  }

  const db = await context.get(databaseContext)();
  // Taken first: of two posts at once, one makes the owner.
  if (!(await consumeSetupCode(db, code))) return setupReply(410, email, {}, EXPIRED_LINK);

  const { email: ownerEmail, password } = checked.data;
  const created = await admin.auth.admin.createUser({
    email: ownerEmail,
    password,
    email_confirm: true,
  });
  if (created.error || !created.data.user) {
    log.error("The first owner could not be created", { error: created.error });
    const retryable = created.error && isAuthRetryableFetchError(created.error);
    return setupReply(
      retryable ? 503 : 400,
      email,
      {},
      `The owner's account could not be made (${created.error?.message ?? "no user came back"}). ${EXPIRED_LINK}`,
    );
  }
  await addStaffMember(db, { userId: created.data.user.id, email: ownerEmail, role: "owner" });
  log.info("The first owner was set up", { userId: created.data.user.id });

  const signedIn = await staffClient(context).auth.signInWithPassword({
    email: ownerEmail,
    password,
  });
  if (signedIn.error) {
    return redirectWithToast("/staff/sign-in", {
      type: "success",
      title: "Your owner account is ready.",
      description: "Sign in with it to continue.",
    });
  }
  return redirectWithToast("/staff", {
    type: "success",
    title: "Your owner account is ready.",
    description: "You're signed in.",
  });
}

/**
 * On a start of the embedded default with nobody on the staff list: a
 * one-time link to make the owner, valid for an hour, printed in the log.
 */
export async function offerFirstOwnerSetup(origin: string): Promise<void> {
  if (!(await serverAuthBackend()).embedded) return;
  const db = await sharedDatabase();
  if ((await countStaff(db)) > 0) return;
  const { code, expiresAt } = await createSetupCode(db);
  log.warn(
    `Nobody is on the staff list yet. Make the owner's account at ${origin}/staff/setup?code=${code} (the link works once, until ${expiresAt.toISOString()}).`,
  );
}
