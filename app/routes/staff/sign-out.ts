import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { log } from "~/platform/logger.server";
import { redirectWithToast } from "~/platform/toast.server";
import { clearedSessionCookies, staffClient } from "~/staff/accounts/session.server";

/** Signing out is a post (a link could be followed by a prefetch or a crawler). */
export function loader() {
  return redirect("/staff");
}

/**
 * Ends this session at the Auth service, which clears its cookies. When the
 * service cannot be reached the cookies are cleared all the same: this
 * browser is signed out, and the session expires on its own.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { error } = await staffClient(context).auth.signOut({ scope: "local" });
  const headers = new Headers();
  if (error) {
    log.warn("Sign-out could not reach the Auth service; clearing the cookies", { error });
    for (const cookie of clearedSessionCookies(request)) headers.append("Set-Cookie", cookie);
  }
  return redirectWithToast(
    "/staff/sign-in",
    { type: "success", title: "Signed out." },
    { headers },
  );
}
