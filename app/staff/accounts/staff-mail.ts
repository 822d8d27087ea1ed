import { bodyText, escapeHtml, headerText } from "~/platform/mail/mail-text";
import type { MailMessage } from "~/platform/mail/outbox.server";

/**
 * The mail the staff area sends a member: a recovery link they asked for,
 * an invitation, or a reset link an owner made for them. The pub's name
 * (the site's settings) and the inviting owner's address are text others
 * typed: one line without hidden characters in the subject, shown as typed
 * in the text part and escaped in the HTML part.
 */

/** The longest the pub's name and an owner's address run in a subject. */
const SUBJECT_PART_MAX = 60;

/** A link that works once, until a time; `link` null when only its path can be given. */
export type OneTimeLink = {
  /** The whole link, or null without an origin it may safely name (see `recoveryLink`). */
  link: string | null;
  /** The link's path and query, to open on the site's own address. */
  path: string;
  /** How long it lasts, in words: "an hour", "a day". */
  lasts: string;
};

function linkLines(link: OneTimeLink, action: string): string[] {
  return link.link
    ? [`${action}: ${link.link}`]
    : [
        `${action}: open the site in your browser and go to this address on it:`,
        link.path,
        "(The link is not given whole: this site's public address is not set up.)",
      ];
}

function linkHtml(link: OneTimeLink, action: string): string {
  if (link.link) {
    const href = escapeHtml(link.link);
    return `<p>${escapeHtml(action)}:<br><a href="${href}">${href}</a></p>`;
  }
  return `<p>${escapeHtml(action)}: open the site in your browser and go to this address on it:<br><code>${escapeHtml(link.path)}</code></p>`;
}

function paragraphs(lines: readonly string[]): string {
  return lines.map((line) => `<p>${escapeHtml(bodyText(line))}</p>`).join("\n");
}

function message(
  to: string,
  subject: string,
  intro: readonly string[],
  link: OneTimeLink,
  action: string,
  outro: readonly string[],
): MailMessage {
  const text = [
    ...intro.map(bodyText),
    "",
    ...linkLines(link, action),
    "",
    ...outro.map(bodyText),
  ].join("\n");
  const html = [paragraphs(intro), linkHtml(link, action), paragraphs(outro)].join("\n");
  return { to: [to], subject, text, html };
}

const pubIn = (pubName: string) => headerText(pubName, SUBJECT_PART_MAX) || "the site";

/** The answer to "Forgot your password?": a link to set a new one. */
export function recoveryMail({
  to,
  pubName,
  link,
}: {
  to: string;
  pubName: string;
  link: OneTimeLink;
}): MailMessage {
  return message(
    to,
    `Set a new password for ${pubIn(pubName)}'s staff area`,
    [
      `Someone asked to reset the password of your staff account at ${pubName}, ${to}. If it was you, follow the link below to choose a new password.`,
    ],
    link,
    "Set a new password",
    [
      `The link works once, within ${link.lasts}. If you did not ask, ignore this mail: your password stays as it is.`,
    ],
  );
}

/** An owner's invitation: the link with which the new member sets their password. */
export function invitationMail({
  to,
  pubName,
  invitedBy,
  role,
  link,
}: {
  to: string;
  pubName: string;
  invitedBy: string;
  role: "owner" | "editor";
  link: OneTimeLink;
}): MailMessage {
  return message(
    to,
    `${headerText(invitedBy, SUBJECT_PART_MAX)} invited you to ${pubIn(pubName)}'s staff area`,
    [
      `${invitedBy} invited you to the staff area of ${pubName}'s website, as ${role === "owner" ? "an owner" : "an editor"}: there you keep the site current and read enquiries.`,
      `Your account is for this address, ${to}.`,
    ],
    link,
    "Choose your password and sign in",
    [
      `The link works once, within ${link.lasts}. Ask ${invitedBy} for a new one if it has run out.`,
    ],
  );
}

/** A reset link an owner made for a member and sent them. */
export function resetLinkMail({
  to,
  pubName,
  sentBy,
  link,
}: {
  to: string;
  pubName: string;
  sentBy: string;
  link: OneTimeLink;
}): MailMessage {
  return message(
    to,
    `A link to set a new password for ${pubIn(pubName)}'s staff area`,
    [
      `${sentBy} made you a link to set a new password for your staff account at ${pubName}, ${to}.`,
    ],
    link,
    "Set a new password",
    [
      `The link works once, within ${link.lasts}. Your current password works until you set a new one.`,
    ],
  );
}
