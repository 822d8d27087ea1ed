import type { Route } from "./+types/reset-password";
import { resetPageData, resetPassword } from "~/staff/accounts/recovery.server";
import { ResetPasswordPage } from "~/staff/accounts/reset-password-page";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { staffMeta } from "~/staff/staff-meta";

export const loader = resetPageData;
export const action = resetPassword;
export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Set a new password", matches);
export const headers: Route.HeadersFunction = staffPageHeaders;
export default ResetPasswordPage;
