import type { Route } from "./+types/changes";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { ChangesPage } from "~/staff/changes/changes-page";
import { loadChanges, undoAction } from "~/staff/changes/changes-page.server";
import { staffMeta } from "~/staff/staff-meta";

export const loader = loadChanges;
export const action = undoAction;
export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Recent changes", matches);
export const headers: Route.HeadersFunction = staffPageHeaders;
export default ChangesPage;
