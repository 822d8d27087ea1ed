import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { databaseContext } from "~/platform/context";
import { env } from "~/platform/env.server";
import { checkPost } from "~/platform/forms/form-post.server";
import { redirectWithToast } from "~/platform/toast.server";
import { confirmSession, staffClaims } from "~/staff/accounts/session.server";
import { staffAction } from "~/staff/editor/staff-action.server";
import { inboxQuerySchema } from "./inbox-query.server";
import { OUTBOX_PATH, OWNERS_ONLY_OUTBOX } from "./outbox";
import {
  listOutbox,
  sendAgainForm,
  sendMailAgain,
  type OutboxPage,
  type SendAgainResult,
} from "./outbox.server";

/** The outbox page's loader and action (app/routes/staff/outbox.tsx). */

/** What the outbox page shows: a page of mail (none to anyone but an owner), and whether it can go. */
export type OutboxPageData = { outbox: OutboxPage | null; mailServer: boolean };

export async function loadOutbox({ request, context }: LoaderFunctionArgs) {
  const { page } = inboxQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const db = await context.get(databaseContext)();
  const outbox = await listOutbox(db, staffClaims(context), { page });
  if (!outbox) return data<OutboxPageData>({ outbox: null, mailServer: false }, { status: 403 });
  return { outbox, mailServer: Boolean(env.SMTP_URL) } satisfies OutboxPageData;
}

/** What a post to the outbox answers when it does not go back to the list. */
export type OutboxActionData = { formError: string };

const refuse = (status: number, formError: string) =>
  data<OutboxActionData>({ formError }, { status });

/** Why a mail was not put back in the queue, by what stopped it. */
const NOT_SENT = {
  "not-owner": [403, `Nothing was sent. ${OWNERS_ONLY_OUTBOX}`],
  missing: [
    404,
    "That mail is no longer in the outbox (mail goes when the enquiry it tells of is deleted), so nothing was sent.",
  ],
  sent: [409, "That mail was sent already, so it was not sent again."],
  sending: [409, "That mail is being sent this moment: reload the page in a minute."],
  withdrawn: [
    409,
    "That newsletter's reader has unsubscribed, or their address refused it for good, so it was not sent again.",
  ],
} as const satisfies Record<Exclude<SendAgainResult, "queued">, readonly [number, string]>;

async function sendAgain(post: FormData, { context }: ActionFunctionArgs) {
  const checked = await checkPost(post, sendAgainForm, undefined);
  if (!checked.ok) {
    return refuse(400, "Nothing was sent: choose a mail from the list to send again.");
  }
  await confirmSession(context);
  const db = await context.get(databaseContext)();
  const outcome = await sendMailAgain(db, staffClaims(context), checked.data.id);
  if (outcome !== "queued") {
    const [status, message] = NOT_SENT[outcome];
    return refuse(status, message);
  }
  return redirectWithToast(OUTBOX_PATH, {
    type: "success",
    title: env.SMTP_URL ? "Sending it again now." : "Back in the queue.",
    description: env.SMTP_URL
      ? "Reload the page in a minute to see whether it went."
      : "No mail server is set up, so it waits here until one is.",
  });
}

/** Send a mail again: the one thing the outbox does. */
export const sendAgainAction = staffAction<ActionFunctionArgs>(
  [{ form: sendAgainForm, handle: sendAgain }],
  {
    notThisPage: () =>
      refuse(400, "Nothing was done: the only thing this page does is send a mail again."),
  },
);
