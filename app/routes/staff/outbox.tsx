import type { Route } from "./+types/outbox";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { OutboxPage } from "~/staff/inbox/outbox-page";
import { loadOutbox, sendAgainAction } from "~/staff/inbox/outbox-page.server";
import { staffMeta } from "~/staff/staff-meta";

export const loader = loadOutbox;
export const action = sendAgainAction;
export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Outbox", matches);
export const headers: Route.HeadersFunction = staffPageHeaders;
export default OutboxPage;
