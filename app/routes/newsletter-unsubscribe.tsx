import { data, Form } from "react-router";
import { Link } from "~/platform/ui/link";
import type { Route } from "./+types/newsletter-unsubscribe";
import { RESUBSCRIBE_WORDING, tokenParameter, UNDO_MINUTES } from "~/newsletter/newsletter-words";
import { SIGN_UP_PATH } from "~/newsletter/sign-up-words";
import {
  NewsletterPage,
  newsletterPageMeta,
  unsubscribePageHandle,
} from "~/components/newsletter-page";
import { resubscribe, unsubscribe, unsubscribeState } from "~/newsletter/subscribers.server";
import { databaseContext } from "~/platform/context";
import { readPost } from "~/platform/forms/form-post.server";
import { Button } from "~/platform/ui/button";
import { pubIdentity } from "~/site/enquiry-mail.server";

/**
 * The unsubscribe link of every mail to a subscriber. A mail program's
 * one-click POST (`List-Unsubscribe=One-Click`, RFC 8058) unsubscribes at
 * once; a GET shows a button that does the same, then offers to undo it for
 * a while. The token in the link is all it reads: no cookie, no sign-in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenParameter(new URL(request.url).searchParams.get("token"));
  const state = await unsubscribeState(await context.get(databaseContext)(), token);
  return data(
    { ...state, token: state.status === "unknown" ? null : token },
    { status: state.status === "unknown" ? 400 : 200 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { form } = await readPost(request);
  const db = await context.get(databaseContext)();
  const answer = (outcome: "unsubscribed" | "subscribed" | "too-late" | "unknown") =>
    data({ outcome }, { status: outcome === "unknown" ? 400 : 200 });
  if (form.get("List-Unsubscribe") === "One-Click") {
    const token = tokenParameter(new URL(request.url).searchParams.get("token"));
    return answer(await unsubscribe(db, token, "one-click"));
  }
  const token = tokenParameter(form.get("token"));
  switch (form.get("intent")) {
    case "unsubscribe":
      return answer(await unsubscribe(db, token, "link"));
    case "undo":
      return answer(await resubscribe(db, token, await pubIdentity(context)));
    default:
      return answer("unknown");
  }
}

export const meta = newsletterPageMeta("Unsubscribe");

export const handle = unsubscribePageHandle;

const linkClass = "font-semibold text-primary underline-offset-4 hover:underline";

export default function NewsletterUnsubscribePage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { token } = loaderData;
  if (loaderData.status === "unknown" || !token || actionData?.outcome === "unknown") {
    return (
      <NewsletterPage title="This link doesn't work">
        <p>
          It was not copied whole, or it is not one of ours. Use the unsubscribe link in any of our
          emails, or write to us and we&apos;ll take you off the list.
        </p>
        <Link to="/contact" className={linkClass}>
          Contact us
        </Link>
      </NewsletterPage>
    );
  }
  if (loaderData.status === "unsubscribed") {
    return (
      <NewsletterPage title="You're unsubscribed">
        <p>We won&apos;t send you the newsletter again.</p>
        {actionData?.outcome === "too-late" ? (
          <p role="status">
            It&apos;s been more than {UNDO_MINUTES} minutes, so this page can no longer undo it. To
            subscribe again,{" "}
            <Link to={SIGN_UP_PATH} className={linkClass}>
              sign up
            </Link>{" "}
            with the link in the mail that confirms it.
          </p>
        ) : null}
        {loaderData.mayUndo ? (
          <Form method="post" className="space-y-4">
            <input type="hidden" name="token" value={token} />
            <p className="text-muted-foreground">Unsubscribed by mistake? {RESUBSCRIBE_WORDING}</p>
            <Button type="submit" name="intent" value="undo" variant="outline">
              Subscribe again
            </Button>
          </Form>
        ) : null}
      </NewsletterPage>
    );
  }
  return (
    <NewsletterPage
      title={actionData?.outcome === "subscribed" ? "You're subscribed again" : "Unsubscribe"}
    >
      <p>
        {actionData?.outcome === "subscribed"
          ? "The newsletter about events and specials comes about once a month again."
          : "Press the button and we'll stop sending you the newsletter at once."}
      </p>
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <Button type="submit" name="intent" value="unsubscribe" size="lg">
          Unsubscribe
        </Button>
      </Form>
    </NewsletterPage>
  );
}
