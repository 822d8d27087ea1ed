import type { Route } from "./+types/forgot-password";
import { ForgotPasswordPage } from "~/staff/accounts/forgot-password-page";
import { requestPasswordReset } from "~/staff/accounts/recovery.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { staffMeta } from "~/staff/staff-meta";

export const action = requestPasswordReset;
export const meta: Route.MetaFunction = ({ matches }) =>
  staffMeta("Forgot your password?", matches);
export const headers: Route.HeadersFunction = staffPageHeaders;
export default ForgotPasswordPage;
