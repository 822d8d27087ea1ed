import { enquiryReceiptCookie } from "~/enquiries/enquiry-receipt.server";
import { carriesCookie, type VisitorCookies } from "~/platform/cookies.server";
import { toastCookie } from "~/platform/toast.server";
import { getTheme, themeCookie } from "~/theme/theme.server";

/** The cookies that change what a public page shows; no other cookie is read by one. */
export const visitorCookies: VisitorCookies = {
  personal: [toastCookie.name, enquiryReceiptCookie.name],
  variants: [themeCookie.name],
};

/**
 * Which copy of a page this request may share with other visitors' (the
 * theme it is shown in, and whether that came from a cookie, which decides
 * how long shared caches may keep it), or null when the request carries a
 * cookie of its own and gets a page of its own.
 */
export async function pageVariant(request: Request): Promise<string | null> {
  if (carriesCookie(request, visitorCookies.personal)) return null;
  const fromCookie = carriesCookie(request, visitorCookies.variants);
  return `${await getTheme(request)}${fromCookie ? ";cookie" : ""}`;
}
