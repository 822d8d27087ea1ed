import type { LoaderFunctionArgs } from "react-router";
import {
  databaseContext,
  sessionClaimsContext,
  staffMembershipUnconfirmedContext,
} from "~/platform/context";
import { log } from "~/platform/logger.server";
import { loadSiteIdentity } from "~/site/site-frame.server";
import { staffAreaSummary } from "~/staff/inbox/enquiry-inbox.server";
import type { StaffAreaData } from "~/staff/staff-navigation";

/**
 * The navigation's unread count and the member's role, for every page behind
 * sign-in. Never in the way of the page itself: while the staff list or the
 * database cannot be read, the count is left out (and owners' sections with
 * it), and a post's form still comes back as it was typed.
 */
export async function loadStaffArea({ context }: LoaderFunctionArgs): Promise<StaffAreaData> {
  const claims = context.get(sessionClaimsContext);
  if (!claims || context.get(staffMembershipUnconfirmedContext)) {
    return { unreadEnquiries: null, isOwner: false };
  }
  try {
    return await staffAreaSummary(await context.get(databaseContext)(), claims);
  } catch (error) {
    log.warn("The unread enquiries could not be counted", { error });
    return { unreadEnquiries: null, isOwner: false };
  }
}

/**
 * The staff frame's, on every page under /staff, signed in or not: who is
 * signed in (null before sign-in) and the site's name.
 */
export async function loadStaffFrame({ context }: LoaderFunctionArgs) {
  const claims = context.get(sessionClaimsContext);
  return {
    signedInAs: claims ? (claims.email ?? "a staff member") : null,
    site: await loadSiteIdentity(context),
  };
}
