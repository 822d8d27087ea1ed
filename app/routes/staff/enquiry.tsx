import type { Route } from "./+types/enquiry";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { EnquiryPage } from "~/staff/inbox/enquiry-page";
import { handledAction, loadEnquiry } from "~/staff/inbox/enquiry-page.server";
import { staffMeta } from "~/staff/staff-meta";

export const loader = loadEnquiry;
export const action = handledAction;
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  staffMeta(
    loaderData ? `Enquiry from ${loaderData.enquiry.name.slice(0, 60)}` : "Enquiry",
    matches,
  );
export const headers: Route.HeadersFunction = staffPageHeaders;
export default EnquiryPage;
