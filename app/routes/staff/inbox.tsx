import type { Route } from "./+types/inbox";
import { InboxPage } from "~/staff/inbox/inbox-page";
import { loadInbox } from "~/staff/inbox/inbox-page.server";
import { staffMeta } from "~/staff/staff-meta";

export const loader = loadInbox;
export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Enquiries", matches);
export default InboxPage;
