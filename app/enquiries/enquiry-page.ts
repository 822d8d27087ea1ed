import type { RouteHandle } from "~/platform/route-needs";

/**
 * The `handle` of a page with an enquiry form: its action reads any post
 * itself, and one it cannot read gets the form back, saying so.
 */
export const enquiryPageHandle = { transport: { body: "any" } } satisfies RouteHandle;
