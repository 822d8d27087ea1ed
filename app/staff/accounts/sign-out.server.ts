import type { ActionFunctionArgs } from "react-router";
import { log } from "~/platform/logger.server";
import { redirectWithToast } from "~/platform/toast.server";
import { clearedSessionCookies, staffClient } from "./session.server";

/**
 * Ends this session at the Auth service, which clears its cookies. When the
 * service cannot be reached the cookies are cleared all the same: this
 * browser is signed out, and the session expires on its own.
 */
export async function signOut({ request, context }: ActionFunctionArgs) {
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
