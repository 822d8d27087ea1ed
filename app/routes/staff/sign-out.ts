import { redirect } from "react-router";
import { signOut } from "~/staff/accounts/sign-out.server";

/** Signing out is a post (a link could be followed by a prefetch or a crawler). */
export function loader() {
  return redirect("/staff");
}

export const action = signOut;
