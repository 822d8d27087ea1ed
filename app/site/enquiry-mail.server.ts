import type { RouterContextProvider } from "react-router";
import type { EnquiryMailSettings } from "~/enquiries/enquiry-notification";
import { env } from "~/platform/env.server";
import { siteContent } from "./site-content.server";
import type { AlsoStored } from "~/enquiries/enquiry-store.server";
import type { NewsletterTick } from "~/enquiries/submission.server";
import type { PubIdentity } from "~/newsletter/newsletter-words";
import { newsletterKey, requestSubscription } from "~/newsletter/subscribers.server";
import { databaseContext } from "~/platform/context";
import { log } from "~/platform/logger.server";
import { staffLinkOrigin } from "~/platform/site-origin.server";
import { postalAddress } from "~/settings/site-settings";

/**
 * Where the pub hears of a new enquiry: ENQUIRY_NOTIFY_TO, or else the email
 * address in the site's settings (edited at /staff/settings) as it is when
 * the enquiry arrives; and SITE_URL, for the link to it in the staff area.
 */
export async function enquiryMailSettings(
  context: Readonly<RouterContextProvider>,
): Promise<EnquiryMailSettings> {
  return {
    to: env.ENQUIRY_NOTIFY_TO ?? [(await siteContent(context).settings()).email],
    siteUrl: env.SITE_URL,
  };
}

/**
 * What an enquiry post reads from the site's settings, and only when it
 * needs them: the phone number its answers offer, where the pub's
 * notification goes, and who the pub is for a newsletter request.
 */
export function enquirySiteDetails(context: Readonly<RouterContextProvider>): {
  phoneNumber(): Promise<string>;
  notification(): Promise<EnquiryMailSettings>;
  newsletterRequest(ticked: NewsletterTick): Promise<AlsoStored | null>;
} {
  return {
    phoneNumber: async () => (await siteContent(context).settings()).phone,
    notification: () => enquiryMailSettings(context),
    newsletterRequest: (ticked) => newsletterRequest(context, ticked),
  };
}

/**
 * A ticked newsletter box's request, with its consent record (the pub as
 * the settings say it now) and confirmation mail. The mail's links lead to
 * SITE_URL (or this machine's own address when the site runs here), never
 * to a Host a visitor chose; without one no request is recorded.
 */
async function newsletterRequest(
  context: Readonly<RouterContextProvider>,
  { request, kind, email, wording }: NewsletterTick,
): Promise<AlsoStored | null> {
  const origin = staffLinkOrigin(request);
  if (!origin) {
    log.warn("A newsletter request was not recorded: set SITE_URL for its links", { kind });
    return null;
  }
  const database = await context.get(databaseContext)();
  const [key, pub] = await Promise.all([newsletterKey(database), pubIdentity(context)]);
  return (tx) => requestSubscription(tx, { email, form: kind, wording, pub, origin, key });
}

/** The pub's name and postal address as the site's settings say them now. */
export async function pubIdentity(context: Readonly<RouterContextProvider>): Promise<PubIdentity> {
  const settings = await siteContent(context).settings();
  return { name: settings.name, postalAddress: postalAddress(settings) };
}
