import { CONFIRM_DAYS, type ConsentForm, type PubIdentity } from "./newsletter-words";
import { escapeHtml, headerText, htmlMail, htmlParagraph } from "~/platform/mail/mail-text";
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
