import type { Database } from "~/platform/database/database.server";
import { enqueueMail, mailQueued } from "~/platform/mail/outbox.server";
import { getSiteSettings } from "~/settings/site-settings.server";
import { invitationMail, resetLinkMail, type OneTimeLink } from "./staff-mail";
import type { MemberCodePurpose, StaffRole } from "./staff.server";

/**
 * An owner's link for a member, emailed through the outbox: an invitation
 * (the pub's name, who invited them, their role) or a reset link. Queued
 * at once; the sender sends it after the owner's answer.
 */
export async function queueMemberLinkMail(
  db: Database,
  {
    to,
    role,
    purpose,
    from,
    link,
  }: {
    to: string;
    role: StaffRole;
    purpose: MemberCodePurpose;
    /** The owner's address, as the mail names them. */
    from: string;
    link: OneTimeLink;
  },
): Promise<void> {
  const pubName = (await getSiteSettings(db))?.name ?? "";
  const message =
    purpose === "invitation"
      ? invitationMail({ to, pubName, invitedBy: from, role, link })
      : resetLinkMail({ to, pubName, sentBy: from, link });
  await db.transaction((tx) => enqueueMail(tx, message));
  mailQueued();
}
