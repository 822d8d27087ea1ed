import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { createFirstOwner, setupState } from "./first-owner.server";
import { acceptInvitation, invitationFor, usedInvitation } from "./invitation.server";

/**
 * The setup page's loader and action (app/routes/staff/setup.tsx): one
 * address for an owner's invitation, a reset link, and the first owner's
 * setup, told apart by the code it carries.
 */

const codeOf = (request: Request) => new URL(request.url).searchParams.get("code") ?? "";

/** What the link is: an invitation (or reset) that works, a used one, or the first owner's setup. */
export async function setupPageData({ request, context }: LoaderFunctionArgs) {
  const code = codeOf(request);
  // An owner's invitation, or else the first owner's setup.
  const invitee = await invitationFor(context, code);
  if (invitee === "used") {
    return { state: "invitation-used" as const, code: "", email: null, reset: false };
  }
  if (invitee) {
    return {
      state: "invite" as const,
      code,
      email: invitee.email,
      reset: invitee.purpose === "reset",
    };
  }
  const state = await setupState(context, code);
  return { state, code: code.slice(0, 100), email: null, reset: false };
}

export type SetupPageData = Awaited<ReturnType<typeof setupPageData>>;

/** A post to the setup page: the invited member's password, or the first owner's account. */
export async function setUpAccount({ request, context }: ActionFunctionArgs) {
  const code = codeOf(request);
  const invitee = await invitationFor(context, code);
  if (invitee === "used") return usedInvitation();
  if (invitee) return acceptInvitation(request, context, code, invitee);
  return createFirstOwner(request, context, code);
}
