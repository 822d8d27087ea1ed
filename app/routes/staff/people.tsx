import type { Route } from "./+types/people";
import { PeoplePage } from "~/staff/accounts/people-page";
import { changeStaffList, staffList } from "~/staff/accounts/people-page.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { staffMeta } from "~/staff/staff-meta";

export const loader = staffList;
export const action = changeStaffList;
export const meta: Route.MetaFunction = ({ matches }) => staffMeta("People", matches);
export const headers: Route.HeadersFunction = staffPageHeaders;
export default PeoplePage;
