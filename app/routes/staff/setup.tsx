import type { Route } from "./+types/setup";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { SetupPage } from "~/staff/accounts/setup-page";
import { setUpAccount, setupPageData } from "~/staff/accounts/setup-page.server";
import { staffMeta } from "~/staff/staff-meta";

export const loader = setupPageData;
export const action = setUpAccount;
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  staffMeta(
    loaderData?.state === "invite"
      ? loaderData.reset
        ? "Set a new password"
        : "Set your password"
      : "Set up the owner's account",
    matches,
  );
export const headers: Route.HeadersFunction = staffPageHeaders;
export default SetupPage;
