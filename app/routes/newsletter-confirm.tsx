import { data, Form } from "react-router";
import { Link } from "~/platform/ui/link";
import type { Route } from "./+types/newsletter-confirm";
import { CONFIRM_DAYS, tokenParameter } from "~/newsletter/newsletter-words";
import { SIGN_UP_PATH } from "~/newsletter/sign-up-words";
import {
  confirmPageHandle,
  NewsletterPage,
  newsletterPageMeta,
} from "~/components/newsletter-page";
import { confirmationState, confirmSubscription } from "~/newsletter/subscribers.server";
import { databaseContext } from "~/platform/context";
import { readPost } from "~/platform/forms/form-post.server";
import { Button } from "~/platform/ui/button";

/**
 * The confirmation link of a newsletter request. A GET only shows a button
 * (mail scanners follow links); the button's POST confirms.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenParameter(new URL(request.url).searchParams.get("token"));
  const state = await confirmationState(await context.get(databaseContext)(), token);
  return data(
    { state, token: state === "waiting" ? token : null },
    { status: state === "waiting" ? 200 : 400 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { form } = await readPost(request);
  const outcome = await confirmSubscription(
    await context.get(databaseContext)(),
    tokenParameter(form.get("token")),
  );
  return data({ outcome }, { status: outcome === "confirmed" ? 200 : 400 });
}

export const meta = newsletterPageMeta("Confirm your subscription");

export const handle = confirmPageHandle;

export default function NewsletterConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.outcome ?? loaderData.state;
  if (outcome === "confirmed") {
    return (
      <NewsletterPage title="You're subscribed">
        <p>
          Thanks: the newsletter about events and specials comes about once a month. Every issue has
          a link to unsubscribe.
        </p>
        <Link to="/" className="font-semibold text-primary underline-offset-4 hover:underline">
          Back to home
        </Link>
      </NewsletterPage>
    );
  }
  if (outcome === "waiting" && loaderData.token) {
    return (
      <NewsletterPage title="Confirm your subscription">
        <p>Press the button to start getting the newsletter about events and specials.</p>
        <Form method="post">
          <input type="hidden" name="token" value={loaderData.token} />
          <Button type="submit" size="lg">
            Confirm my subscription
          </Button>
        </Form>
      </NewsletterPage>
    );
  }
  return (
    <NewsletterPage
      title={outcome === "expired" ? "This link has run out" : "This link doesn't work"}
    >
      <p>
        {outcome === "expired"
          ? `Confirmation links work for ${CONFIRM_DAYS} days, and this one is older.`
          : "It may have been used already, or it was not copied whole. If you confirmed before, you're subscribed and there's nothing more to do."}{" "}
        To ask for the newsletter again, sign up once more and use the link in the new mail.
      </p>
      <Link
        to={SIGN_UP_PATH}
        className="font-semibold text-primary underline-offset-4 hover:underline"
      >
        Sign up for the newsletter
      </Link>
    </NewsletterPage>
  );
}
