import type { Route } from "./+types/newsletter";
import { NewsletterSignUpPage } from "~/components/newsletter-sign-up-page";
import { SIGN_UP_STEP } from "~/newsletter/sign-up-words";
import { env } from "~/platform/env.server";
import { publicPageHeaders } from "~/platform/page-headers";
import type { RouteHandle } from "~/platform/route-needs";
import { pageFreshness } from "~/platform/context";
import { describedPageMeta } from "~/site/meta";
import { signUpForNewsletter } from "~/site/newsletter-sign-up.server";

/** What the page is for, as search results show it. */
const DESCRIPTION =
  "Sign up for the pub's newsletter of events and specials, about once a month: what we keep, for how long, and how to stop it.";

/**
 * The newsletter's sign-up: where the footer's form posts, the same form
 * with the spam check, and, once a request is sent, what comes next.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const step = new URL(request.url).searchParams.get(SIGN_UP_STEP.key);
  return {
    description: DESCRIPTION,
    sent: step === SIGN_UP_STEP.sent,
    retentionDays: env.ENQUIRY_RETENTION_DAYS,
    ...pageFreshness(context),
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return signUpForNewsletter(request, context);
}

export const meta: Route.MetaFunction = describedPageMeta("Newsletter", "/newsletter");

/** A refusal's Retry-After (a limit, an outage) reaches the page a post without scripts gets. */
export function headers(args: Route.HeadersArgs): Headers {
  const headers = publicPageHeaders(args);
  const retryAfter = args.actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** The page of the sign-up, and with `?step=sent` the page that says what comes next. */
export const handle = {
  transport: { query: { [SIGN_UP_STEP.key]: { values: [SIGN_UP_STEP.sent] } } },
} satisfies RouteHandle;

export default function NewsletterRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <NewsletterSignUpPage {...loaderData} actionData={actionData} />;
}
