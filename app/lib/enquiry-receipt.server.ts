import { createCookie } from "react-router";
import { cookieDefaults } from "./cookies.server";

/**
 * Which enquiry the confirmation is for: the form's token, for a few minutes
 * after it was sent. The page that reads it is the visitor's own.
 */
export const enquiryReceiptCookie = createCookie("enquiry-receipt", {
  ...cookieDefaults,
  maxAge: 10 * 60,
});
