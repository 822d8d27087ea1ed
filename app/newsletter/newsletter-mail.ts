import { CONFIRM_DAYS, type ConsentForm, type PubIdentity } from "./newsletter-words";
import {
  bodyText,
  escapeHtml,
  headerText,
  htmlMail,
  htmlParagraph,
} from "~/platform/mail/mail-text";
import type { MailMessage } from "~/platform/mail/outbox.server";

/** The site's addresses of a subscriber's two links. */
export type NewsletterLinks = { confirm: string; unsubscribe: string };

/** The page of a newsletter link, on the site's origin, carrying its token. */
export function newsletterLink(
  origin: string,
  page: "confirm" | "unsubscribe",
  token: string,
): string {
  const url = new URL(`/newsletter/${page}`, origin);
  url.searchParams.set("token", token);
  return url.href;
}

const FORM_NAMES: Record<ConsentForm, string> = {
  contact: "contact form",
  venue: "venue enquiry form",
  footer: "newsletter sign-up",
  page: "newsletter sign-up page",
  resubscribe: "unsubscribe page",
};

/**
 * The mail that turns a request for the newsletter into a subscription: the
 * link that confirms it, what was agreed to and where, and, as every mail
 * to a subscriber, the pub's name and postal address and a way to
 * unsubscribe (a visible link, and the one-click headers the sender adds).
 */
export function confirmationMail({
  to,
  pub,
  form,
  wording,
  links,
}: {
  to: string;
  pub: PubIdentity;
  form: ConsentForm;
  wording: string;
  links: NewsletterLinks;
}): MailMessage {
  const name = headerText(pub.name, 100);
  const ask = `Please confirm that you would like ${pub.name}'s newsletter about events and specials, about once a month.`;
  const asked = `You asked for it on our ${FORM_NAMES[form]}, agreeing to: "${wording}"`;
  const expires = `The link works for ${CONFIRM_DAYS} days. If you did not ask for the newsletter, ignore this email: without confirming you will not get it, and the request is deleted.`;
  const leave = "Changed your mind? Unsubscribe:";
  const text = [
    ask,
    "",
    `Confirm your subscription: ${links.confirm}`,
    "",
    expires,
    "",
    asked,
    "",
    `${leave} ${links.unsubscribe}`,
    "",
    "--",
    pub.name,
    pub.postalAddress,
    "",
  ].join("\n");
  const html = htmlMail([
    htmlParagraph(escapeHtml(ask)),
    htmlParagraph(`<a href="${escapeHtml(links.confirm)}">Confirm your subscription</a>`),
    htmlParagraph(escapeHtml(expires)),
    htmlParagraph(escapeHtml(asked)),
    htmlParagraph(
      `${escapeHtml(leave)} <a href="${escapeHtml(links.unsubscribe)}">unsubscribe</a>`,
    ),
    `<p>${escapeHtml(pub.name)}<br>${escapeHtml(pub.postalAddress)}</p>`,
  ]);
  return {
    to: [to],
    subject: `Confirm your subscription to ${name}'s newsletter`,
    text,
    html,
    listUnsubscribe: links.unsubscribe,
  };
}

/** A web address in a newsletter's text, linked in its HTML part. */
const WEB_ADDRESS = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)'\]]/g;

/** Text as HTML, each web address in it a link (everything escaped). */
export function linkedHtml(text: string): string {
  let html = "";
  let last = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const address = match[0];
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(address)}">${escapeHtml(address)}</a>`;
    last = match.index + address.length;
  }
  return html + escapeHtml(text.slice(last));
}

/** What a newsletter's subject says on the copy an owner sends themselves. */
export const TEST_SUBJECT_PREFIX = "[Test] ";

/** Why a subscriber gets the newsletter, in its footer. */
export const WHY_YOU_GET_IT =
  "You get this because you subscribed to our newsletter about events and specials.";

/** The test copy's footer, where a subscriber's own unsubscribe link goes. */
export const TEST_COPY_NOTE =
  "This is a test copy, sent only to you. Each subscriber's copy has their own unsubscribe link here.";

/** A newsletter as written: its subject and plain text. */
export type NewsletterText = { subject: string; body: string };

/**
 * A newsletter's text as mailed: what the owner wrote, then the footer CASL
 * asks for (why they get it, how to unsubscribe, the pub's name and postal
 * address). `unsubscribe` is the subscriber's own link; null on a test copy.
 */
export function newsletterText(
  newsletter: NewsletterText,
  pub: PubIdentity,
  unsubscribe: string | null,
): string {
  return [
    bodyText(newsletter.body).trimEnd(),
    "",
    "--",
    WHY_YOU_GET_IT,
    unsubscribe ? `Unsubscribe: ${unsubscribe}` : TEST_COPY_NOTE,
    "",
    pub.name,
    pub.postalAddress,
    "",
  ].join("\n");
}

/**
 * One copy of a newsletter: to a subscriber, with their unsubscribe link
 * (visible, and for the one-click headers), or, `unsubscribe` null, the
 * owner's test copy, marked so in the subject and carrying no headers.
 */
export function newsletterMail({
  to,
  newsletter,
  pub,
  unsubscribe,
}: {
  to: string;
  newsletter: NewsletterText;
  pub: PubIdentity;
  unsubscribe: string | null;
}): MailMessage {
  const paragraphs = bodyText(newsletter.body)
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => htmlParagraph(linkedHtml(paragraph).replaceAll("\n", "<br>")));
  const html = htmlMail([
    ...paragraphs,
    "<hr>",
    htmlParagraph(escapeHtml(WHY_YOU_GET_IT)),
    htmlParagraph(
      unsubscribe
        ? `<a href="${escapeHtml(unsubscribe)}">Unsubscribe</a>`
        : escapeHtml(TEST_COPY_NOTE),
    ),
    `<p>${escapeHtml(pub.name)}<br>${escapeHtml(pub.postalAddress)}</p>`,
  ]);
  const subject = headerText(newsletter.subject, 150);
  return {
    to: [to],
    subject: unsubscribe ? subject : `${TEST_SUBJECT_PREFIX}${subject}`,
    text: newsletterText(newsletter, pub, unsubscribe),
    html,
    ...(unsubscribe ? { listUnsubscribe: unsubscribe } : {}),
  };
}
