import { contactTopicLabels, formatPhone } from "./enquiry-fields";
import type { NewEnquiry } from "./new-enquiry";
import { formatLongDate, torontoDateTime, formatWallTime } from "~/platform/clock/time-words";
import type { WallTime } from "~/platform/clock/toronto-time";
import {
  bodyText,
  escapeHtml,
  headerText,
  htmlMail,
  htmlParagraph,
} from "~/platform/mail/mail-text";
import type { MailMessage } from "~/platform/mail/outbox.server";

/** Where an enquiry's notification goes, and where the staff area is. */
export type EnquiryMailSettings = {
  /** ENQUIRY_NOTIFY_TO, or the pub's email from the site's settings. */
  to: readonly string[];
  /**
   * SITE_URL: the link to the enquiry is built from it. Never from the
   * request, whose Host a visitor chooses: a link in a mail to the pub must
   * not point where a visitor says.
   */
  siteUrl: string | undefined;
};

/** The longest a visitor's name runs in the subject and the Reply-To name. */
export const SUBJECT_NAME_MAX = 60;

/** "Venue booking" or the contact topic's label ("Lost and found"). */
function what(enquiry: NewEnquiry): string {
  return enquiry.kind === "venue" ? "Venue booking" : contactTopicLabels[enquiry.topic];
}

/** Where staff read the enquiry: its link, or how to find it without SITE_URL. */
export function enquiryLink(id: number, siteUrl: string | undefined): string | null {
  return siteUrl ? new URL(`/staff/enquiries/${id}`, siteUrl).href : null;
}

/**
 * The mail that tells the pub about a new enquiry: who sent it and what they
 * asked, with Reply-To set to the visitor so a reply reaches them, and a
 * link to it in the staff area. Visitor text in the subject and the Reply-To
 * name is one line without invisible or reordering characters, and cut to
 * length; in the body it is kept as typed, with those characters shown as
 * U+FFFD; in the HTML part it is escaped as well.
 */
export function enquiryNotification(
  enquiry: NewEnquiry,
  { id, receivedAt, settings }: { id: number; receivedAt: Date; settings: EnquiryMailSettings },
): MailMessage {
  const name = headerText(enquiry.name, SUBJECT_NAME_MAX) || "a visitor";
  const subject = `New enquiry: ${what(enquiry)} from ${name}`;
  const received = torontoDateTime(receivedAt.toISOString());
  const receivedLine = `${formatLongDate(received.date)} at ${received.time}`;
  const link = enquiryLink(id, settings.siteUrl);

  const details: [string, string][] = [
    ["Name", bodyText(enquiry.name)],
    ["Email", bodyText(enquiry.email)],
    ["Phone", enquiry.phone ? formatPhone(enquiry.phone) : "Not given"],
  ];
  if (enquiry.kind === "venue") {
    details.push(
      ["Space", bodyText(enquiry.spaceName)],
      [
        "Date",
        `${formatLongDate(enquiry.date)}, ${enquiry.date.slice(0, 4)}, from ${formatWallTime(enquiry.startTime as WallTime)}`,
      ],
      ["Guests", String(enquiry.partySize)],
    );
  } else {
    details.push(["Topic", contactTopicLabels[enquiry.topic]]);
  }
  details.push([
    "Newsletter",
    enquiry.newsletter ? "Yes, they asked for the newsletter" : "Not asked for",
  ]);

  const intro = `${enquiry.kind === "venue" ? "A venue enquiry" : "A message"} came through the site on ${receivedLine} (enquiry #${id}).`;
  const where = link
    ? `Read it and mark it handled in the staff area: ${link}`
    : `Read it and mark it handled in the staff area: sign in at the site's /staff page; it is enquiry #${id} in Enquiries.`;
  const reply =
    "Reply to this email to answer the visitor: the reply goes to the address they gave.";
  const message = bodyText(enquiry.message);

  const text = [
    intro,
    "",
    ...details.map(([term, value]) => `${term}: ${value}`),
    "",
    "Message:",
    message,
    "",
    where,
    reply,
    "",
  ].join("\n");

  const html = htmlMail([
    htmlParagraph(escapeHtml(intro)),
    "<table>",
    ...details.map(
      ([term, value]) =>
        `<tr><th align="left" valign="top">${escapeHtml(term)}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    "</table>",
    "<h2>Message</h2>",
    `<p style="white-space: pre-wrap">${escapeHtml(message)}</p>`,
    htmlParagraph(
      link
        ? `<a href="${escapeHtml(link)}">Read it and mark it handled in the staff area</a>`
        : escapeHtml(where),
    ),
    htmlParagraph(escapeHtml(reply)),
  ]);

  return {
    to: settings.to,
    replyTo: { name: headerText(enquiry.name, SUBJECT_NAME_MAX), address: enquiry.email },
    subject,
    text,
    html,
  };
}
