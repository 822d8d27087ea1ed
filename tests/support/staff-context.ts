import { randomUUID } from "node:crypto";
import { createClient } from "@supabase/supabase-js";
import type { RouterContextProvider } from "react-router";
import type { AuthBackend } from "~/platform/auth-backend.server";
import {
  authBackendContext,
  sessionClaimsContext,
  supabaseContext,
  type SessionClaims,
} from "~/platform/context";
import type { Database } from "~/platform/database/database.server";
import { addStaff } from "~/staff/accounts/add-staff.server";
import { createAdminClient } from "~/staff/accounts/session.server";
import { contextWithDatabase } from "./test-database";

const PASSWORD = "correct horse battery staple";

/** Someone signed in through `backend`: their id, access token and a request context as the staff middleware leaves it. */
export type SignedIn = { userId: string; accessToken: string; context: RouterContextProvider };

/**
 * A request context for someone signed in through `backend` over `db`: on
 * the staff list with `role`, or (`role: null`) a user who is not staff. The
 * context holds their Supabase client and verified claims, as `staffSession`
 * and `requireStaff` would leave them.
 */
export async function signedInContext(
  db: Database,
  backend: AuthBackend,
  role: "owner" | "editor" | null = "editor",
): Promise<SignedIn> {
  const email = `person-${randomUUID()}@example.com`;
  let userId: string;
  if (role) {
    userId = (await addStaff(db, backend, { email, role, password: PASSWORD })).userId;
  } else {
    const { data, error } = await createAdminClient(backend)!.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    if (error) throw error;
    userId = data.user.id;
  }
  const supabase = createClient(backend.url, backend.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: backend.fetch },
  });
  const { data: session, error } = await supabase.auth.signInWithPassword({
    email,
    password: PASSWORD,
  });
  if (error) throw error;
  const { data: verified, error: claimsError } = await supabase.auth.getClaims();
  if (claimsError || !verified) throw claimsError ?? new Error("No claims");

  const context = contextWithDatabase(db);
  context.set(authBackendContext, async () => backend);
  context.set(supabaseContext, supabase);
  context.set(sessionClaimsContext, verified.claims as SessionClaims);
  return { userId, accessToken: session.session.access_token, context };
}
