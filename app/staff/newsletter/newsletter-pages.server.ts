import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import {
  INSERT_EVENTS,
  INSERT_SPECIALS,
  draftForm,
  newsletterActionForm,
  COPY,
  DELETE,
  SEND_TEST,
  STOP,
} from "./newsletter-forms";
import { eventsBlock, specialsBlock, withBlock } from "./newsletter-blocks.server";
import { NEWSLETTER_PATH, OWNERS_ONLY_NEWSLETTER, newsletterPath } from "./newsletter-paths";
import { newsletterLink, newsletterText } from "~/newsletter/newsletter-mail";
import {
  copyIntoDraft,
  createDraft,
  deleteDraft,
  getNewsletter,
  listDeliveries,
  listNewsletters,
  saveDraft,
  sendNewsletter,
  sendTestCopy,
  stopNewsletter,
  sendableCounts,
  type Delivery,
  type Newsletter,
  type NewsletterSummary,
  type SendableCounts,
} from "~/newsletter/newsletters.server";
import { databaseContext } from "~/platform/context";
import type { Database } from "~/platform/database/database.server";
import { env } from "~/platform/env.server";
import { formValues } from "~/platform/forms/form-check";
import { checkPost, refusePost } from "~/platform/forms/form-post.server";
import { staffLinkOrigin, staffLinksNeedSiteUrl } from "~/platform/site-origin.server";
import { redirectWithToast } from "~/platform/toast.server";
import { pubIdentity } from "~/site/enquiry-mail.server";
import { confirmSession, staffClaims } from "~/staff/accounts/session.server";
import { notFound, readAsStaff, writeAsStaff, editorRowId } from "~/staff/editor/editor.server";
import { staffAction } from "~/staff/editor/staff-action.server";
import { withStaffClaims } from "~/staff/editor/staff-transaction.server";

/** The newsletter's staff pages: the hub and one newsletter (app/routes/staff/newsletter*.tsx). */

const isOwnerQuery = `select coalesce((select public.is_owner()), false) as "isOwner"`;

async function ownerRead<T>(
  context: LoaderFunctionArgs["context"],
  work: (tx: Database) => Promise<T>,
): Promise<T & { isOwner: boolean }> {
  return readAsStaff(context, async (tx) => {
    const [owner] = await tx.query<{ isOwner: boolean }>(isOwnerQuery);
    return { ...(await work(tx)), isOwner: owner?.isOwner ?? false };
  });
}

export type NewsletterHubData = {
  subscribers: SendableCounts;
  newsletters: NewsletterSummary[];
  isOwner: boolean;
};

/** The hub: the subscribers' counts, the drafts and what was sent. */
export async function loadNewsletterHub({ context }: LoaderFunctionArgs) {
  return ownerRead(context, async (tx) => ({
    subscribers: await sendableCounts(tx),
    newsletters: await listNewsletters(tx),
  })) satisfies Promise<NewsletterHubData>;
}

export type NewsletterPageData = {
  /** Null on /staff/newsletter/new. */
  newsletter: Newsletter | null;
  deliveries: Delivery[];
  /** The saved text as a subscriber's mail shows it. */
  preview: string | null;
  /** Who a send would reach now. */
  confirmed: number;
  /** Whether the page asks "Send to … subscribers?" (`?send`). */
  confirmingSend: boolean;
  /** Whether the page asks "Delete this draft?" (`?delete`). */
  confirmingDelete: boolean;
  mailServer: boolean;
  /** The signed-in member's address, where a test copy goes. */
  ownAddress: string | null;
  isOwner: boolean;
};

/** A newsletter's page: its draft form or its sent text, the preview, its copies. */
export async function loadNewsletterPage({ request, params, context }: LoaderFunctionArgs) {
  const id = editorRowId(params.id);
  const loaded = await ownerRead(context, async (tx) => ({
    newsletter: id === "new" ? null : await getNewsletter(tx, id),
    deliveries: id === "new" ? [] : await listDeliveries(tx, id),
    confirmed: (await sendableCounts(tx)).confirmed,
  }));
  if (id !== "new" && !loaded.newsletter) throw notFound();
  const pub = await pubIdentity(context);
  const origin = staffLinkOrigin(request) ?? "https://your-site.example";
  const preview = loaded.newsletter
    ? newsletterText(loaded.newsletter, pub, newsletterLink(origin, "unsubscribe", "…"))
    : null;
  const page: NewsletterPageData = {
    ...loaded,
    preview,
    confirmingSend:
      new URL(request.url).searchParams.has("send") && loaded.newsletter?.state === "draft",
    confirmingDelete:
      new URL(request.url).searchParams.has("delete") && loaded.newsletter?.state === "draft",
    mailServer: Boolean(env.SMTP_URL),
    ownAddress: staffClaims(context).email ?? null,
  };
  return data(page, { status: id === "new" && !loaded.isOwner ? 403 : 200 });
}

/** What a post to a newsletter's page answers when it stays on the page. */
export type NewsletterActionData = { formError: string };

const refuse = (status: number, formError: string) =>
  data<NewsletterActionData>({ formError }, { status });

async function isOwner(context: ActionFunctionArgs["context"]): Promise<boolean> {
  const db = await context.get(databaseContext)();
  return withStaffClaims(db, staffClaims(context), async (tx) => {
    const [row] = await tx.query<{ isOwner: boolean }>(isOwnerQuery);
    return row?.isOwner ?? false;
  });
}

async function saveOrInsert(post: FormData, { request, params, context }: ActionFunctionArgs) {
  const id = editorRowId(params.id);
  const values = formValues(post, draftForm.fields);
  if (!(await isOwner(context))) {
    return refusePost(
      draftForm,
      values,
      {},
      { formError: `Nothing was saved. ${OWNERS_ONLY_NEWSLETTER}`, status: 403 },
    );
  }
  if (values.intent === INSERT_SPECIALS || values.intent === INSERT_EVENTS) {
    const origin = staffLinkOrigin(request);
    const block =
      values.intent === INSERT_SPECIALS
        ? await specialsBlock(context, origin)
        : await eventsBlock(context, origin);
    if (!block) {
      return refusePost(
        draftForm,
        values,
        {},
        {
          formError:
            values.intent === INSERT_SPECIALS
              ? "No specials are on today, so nothing was added. Your text is as you left it."
              : "No events are coming up, so nothing was added. Your text is as you left it.",
          status: 200,
        },
      );
    }
    // Not saved: the form again, the block after what was typed.
    return refusePost(
      draftForm,
      { ...values, body: withBlock(values.body, block), intent: "save" },
      {},
      { formError: null, status: 200, also: { inserted: `${values.intent}:${Date.now()}` } },
    );
  }
  const checked = await checkPost(post, draftForm, undefined);
  if (!checked.ok) return refusePost(draftForm, checked.values, checked.errors);
  const text = { subject: checked.data.subject, body: checked.data.body };
  const email = staffClaims(context).email ?? null;
  if (id === "new") {
    const made = await writeAsStaff(context, (tx) => createDraft(tx, text, email));
    return redirectWithToast(newsletterPath(made), {
      type: "success",
      title: "Draft saved.",
      description: "Its preview is below. Nothing is sent until you send it.",
    });
  }
  const saved = await writeAsStaff(context, (tx) => saveDraft(tx, id, text));
  if (!saved) {
    return refusePost(
      draftForm,
      checked.values,
      {},
      {
        formError:
          "This newsletter was sent already (or is gone), so it can no longer be changed. Your text is below: copy it into a new draft.",
        status: 409,
      },
    );
  }
  return redirectWithToast(newsletterPath(id), {
    type: "success",
    title: "Draft saved.",
    description: "The preview below shows it as subscribers will get it.",
  });
}

async function act(post: FormData, { request, params, context }: ActionFunctionArgs) {
  const id = editorRowId(params.id);
  const checked = await checkPost(post, newsletterActionForm, undefined);
  if (!checked.ok || id === "new" || checked.data.id !== id) {
    return refuse(
      400,
      "Nothing was done: that button belongs to another newsletter. Reload the page and try again.",
    );
  }
  if (!(await isOwner(context))) {
    return refuse(403, `Nothing was done. ${OWNERS_ONLY_NEWSLETTER}`);
  }
  await confirmSession(context);
  const db = await context.get(databaseContext)();
  const intent = checked.data.intent;

  if (intent === DELETE) {
    const deleted = await writeAsStaff(context, (tx) => deleteDraft(tx, id));
    if (deleted === null) {
      const left = await getNewsletter(db, id);
      return refuse(
        left ? 409 : 404,
        left
          ? "This newsletter was sent, so it is kept with what became of its copies."
          : "That draft is gone already.",
      );
    }
    return redirectWithToast(NEWSLETTER_PATH, {
      type: "success",
      title: "Draft deleted.",
      description: `“${deleted}” is gone; nothing was sent.`,
    });
  }

  if (intent === COPY) {
    const email = staffClaims(context).email ?? null;
    const copy = await writeAsStaff(context, (tx) => copyIntoDraft(tx, id, email));
    if (copy === null) return refuse(404, "That newsletter is gone, so nothing was copied.");
    return redirectWithToast(newsletterPath(copy), {
      type: "success",
      title: "Copied into a new draft.",
      description: "Change what you like; nothing is sent until you send it.",
    });
  }

  if (intent === STOP) {
    const stopped = await stopNewsletter(db, id);
    if (stopped.status === "missing")
      return refuse(404, "That newsletter is gone, so nothing was stopped.");
    if (stopped.status === "not-sending") {
      return refuse(
        409,
        stopped.state === "draft"
          ? "This newsletter has not been sent, so there was nothing to stop."
          : `Every copy was ${stopped.state === "stopped" ? "stopped" : "sent"} already, so there was nothing left to stop.`,
      );
    }
    return redirectWithToast(newsletterPath(id), {
      type: "success",
      title: "Sending stopped.",
      description: `${copies(stopped.notSent)} will not be sent. What was sent stays sent.`,
    });
  }

  const newsletter = await getNewsletter(db, id);
  if (!newsletter) return refuse(404, "That newsletter is gone, so nothing was sent.");
  const pub = await pubIdentity(context);

  if (intent === SEND_TEST) {
    const to = staffClaims(context).email;
    if (!to) return refuse(409, "Your sign-in has no email address, so no test could be sent.");
    await sendTestCopy(db, { to, newsletter, pub });
    return redirectWithToast(newsletterPath(id), {
      type: "success",
      title: `A test copy is on its way to ${to}.`,
      description: env.SMTP_URL
        ? "Its subject starts with [Test]. It counts as no delivery."
        : "No mail server is set up, so it waits in the outbox.",
    });
  }

  // SEND
  const origin = staffLinkOrigin(request);
  if (!origin) return refuse(409, `Nothing was sent. ${staffLinksNeedSiteUrl()}`);
  const savedAt = checked.data.saved;
  if (!savedAt) {
    return refuse(
      400,
      "Nothing was sent: the send did not say which text it was for. Reload the page and send again.",
    );
  }
  const sent = await sendNewsletter(db, id, {
    origin,
    pub,
    perMinute: env.NEWSLETTER_MAILS_PER_MINUTE,
    sentBy: staffClaims(context).email ?? null,
    savedAt,
  });
  if (sent.status === "changed") {
    return refuse(
      409,
      "Nothing was sent: the draft was saved again after you were asked, perhaps by another owner. Check its preview below, then send it again.",
    );
  }
  if (sent.status === "missing")
    return refuse(404, "That newsletter is gone, so nothing was sent.");
  if (sent.status === "not-draft") {
    return refuse(409, "This newsletter was sent already, so it was not sent again.");
  }
  if (sent.status === "nobody") {
    return refuse(
      409,
      "Nobody has confirmed a subscription yet, so nothing was sent. The draft is kept.",
    );
  }
  return redirectWithToast(newsletterPath(id), {
    type: "success",
    title: `Sending to ${subscribers(sent.recipients)}.`,
    description: `About ${env.NEWSLETTER_MAILS_PER_MINUTE} a minute. Each copy's state is listed below.`,
  });
}

export const copies = (count: number) => `${count} ${count === 1 ? "copy" : "copies"}`;
export const subscribers = (count: number) =>
  `${count.toLocaleString("en-CA")} ${count === 1 ? "subscriber" : "subscribers"}`;

/** A newsletter page's posts: its draft form, and its buttons. */
export const newsletterPageAction = staffAction<ActionFunctionArgs>(
  [
    { form: draftForm, handle: saveOrInsert },
    { form: newsletterActionForm, handle: act },
  ],
  {
    notThisPage: () =>
      refuse(400, "That is not something this page does. Reload the page and try again."),
  },
);
