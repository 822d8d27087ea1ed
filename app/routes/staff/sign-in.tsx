import type { Route } from "./+types/sign-in";
import { signIn, signInPageData } from "~/staff/accounts/sign-in.server";
import { SignInPage } from "~/staff/accounts/sign-in-page";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { staffMeta } from "~/staff/staff-meta";

export const loader = signInPageData;
export const action = signIn;
export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Sign in", matches);
export const headers: Route.HeadersFunction = staffPageHeaders;
export default SignInPage;
