import type { RouterContextProvider } from "react-router";
import type { EnquiryMailSettings } from "~/enquiries/enquiry-notification";
import { env } from "~/platform/env.server";
import { siteContent } from "./site-content.server";

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
 * needs them: the phone number its answers offer, and where the pub's
 * notification goes.
 */
export function enquirySiteDetails(context: Readonly<RouterContextProvider>): {
  phoneNumber(): Promise<string>;
  notification(): Promise<EnquiryMailSettings>;
} {
  return {
    phoneNumber: async () => (await siteContent(context).settings()).phone,
    notification: () => enquiryMailSettings(context),
  };
}
