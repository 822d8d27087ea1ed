import { createCookie } from "react-router";
import { cookieDefaults } from "~/platform/cookies.server";

/**
 * Which enquiry the confirmation is for: the form's token, for a few minutes
 * after it was sent. The token is a random UUID that only the page it was
 * rendered into (private, no-store) and the post from it ever carried, so
 * holding it is what entitles a visitor to see the confirmation.
 */
export const enquiryReceiptCookie = createCookie("enquiry-receipt", {
  ...cookieDefaults,
  maxAge: 10 * 60,
});
