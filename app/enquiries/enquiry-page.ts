import type { RouteHandle } from "~/platform/route-needs";
import { contactTopics } from "./enquiry-fields";

/**
 * The `handle` of a page with an enquiry form: its action reads any post
 * itself, and one it cannot read gets the form back, saying so.
 */
export const enquiryPageHandle = { transport: { body: "any" } } satisfies RouteHandle;

/**
 * The contact page's `handle`: an enquiry page, whose links may choose the
 * form's topic (`/contact?topic=accessibility`), one of the topics or none.
 */
export const contactPageHandle = {
  transport: { ...enquiryPageHandle.transport, query: { topic: { values: contactTopics } } },
} satisfies RouteHandle;
