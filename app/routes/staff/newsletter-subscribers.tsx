import { data } from "react-router";
import type { Route } from "./+types/newsletter-subscribers";
import {
  OWNERS_ONLY_SUBSCRIBERS,
  SUBSCRIBERS_PATH,
  subscribersLink,
} from "~/newsletter/subscriber-list";
import {
  findSubscriber,
  listSubscribers,
  parseSubscriberQuery,
  removeSubscriberForm,
  signedInOwner,
  subscriberCounts,
} from "~/newsletter/subscriber-list.server";
import { SubscribersPage, type SubscribersPageData } from "~/newsletter/subscribers-page";
import { removeSubscriber } from "~/newsletter/subscribers.server";
import { databaseContext } from "~/platform/context";
import { checkPost } from "~/platform/forms/form-post.server";
import { redirectWithToast } from "~/platform/toast.server";
import { confirmSession, staffClaims, staffPageHeaders } from "~/staff/accounts/session.server";
import { readAsStaff } from "~/staff/editor/editor.server";
import { staffAction } from "~/staff/editor/staff-action.server";
import { withStaffClaims } from "~/staff/editor/staff-transaction.server";
import { staffMeta } from "~/staff/staff-meta";

const NOT_ON_THE_LIST =
  "That address is not on the list: it may have been removed, or its request ran out. Nothing was changed.";

/** Counts for all the staff; the list, a row's consent and the removal's question for owners. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = parseSubscriberQuery(new URL(request.url).searchParams);
  const query = parsed.ok ? parsed.query : { state: null, q: "", page: 1, remove: null };
  const loaded = await readAsStaff(context, async (tx) => {
    const counts = await subscriberCounts(tx);
    const owner = (await signedInOwner(tx)) !== null;
    if (!owner || !parsed.ok) return { counts, owner, list: null, removing: null };
    const list = await listSubscribers(tx, query);
    const removing = query.remove === null ? null : await findSubscriber(tx, query.remove);
    return { counts, owner, list, removing };
  });
  const missing = loaded.owner && query.remove !== null && !loaded.removing;
  const page: SubscribersPageData = {
    ...loaded,
    query,
    problem: parsed.ok ? null : parsed.problem,
    notice: missing ? NOT_ON_THE_LIST : null,
  };
  return data(page, { status: parsed.ok ? (missing ? 404 : 200) : 400 });
}

const refuse = (status: number, formError: string) => data({ formError }, { status });

/** An owner takes an address off the list: recorded on its row, its waiting mail unsent. */
export const action = staffAction<Route.ActionArgs>(
  [
    {
      form: removeSubscriberForm,
      async handle(post, { request, context }) {
        const checked = await checkPost(post, removeSubscriberForm, undefined);
        if (!checked.ok) {
          return refuse(400, "Nothing was removed: choose an address from the list to remove.");
        }
        await confirmSession(context);
        const claims = staffClaims(context);
        const db = await context.get(databaseContext)();
        const outcome = await db.transaction(async (tx) => {
          // Read as the member, so the table's policy decides what they see;
          // written by the server's connection, as no role may write the list.
          const seen = await withStaffClaims(tx, claims, async (asMember) => {
            const owner = await signedInOwner(asMember);
            return owner && { owner, row: await findSubscriber(asMember, checked.data.id) };
          });
          if (!seen) return { refused: [403, `Nothing was removed. ${OWNERS_ONLY_SUBSCRIBERS}`] };
          if (!seen.row) return { refused: [404, NOT_ON_THE_LIST] };
          if (!(await removeSubscriber(tx, seen.row.id, seen.owner))) {
            return {
              refused: [
                409,
                `${seen.row.email} is already off the list, so there was nothing to remove.`,
              ],
            };
          }
          return { removed: seen.row.email };
        });
        if ("refused" in outcome) return refuse(...(outcome.refused as [number, string]));
        const back = parseSubscriberQuery(new URL(request.url).searchParams);
        return redirectWithToast(back.ok ? subscribersLink(back.query) : SUBSCRIBERS_PATH, {
          type: "success",
          title: `${outcome.removed} is off the newsletter's list.`,
          description: "Nothing more is sent to them. They can sign up again themselves.",
        });
      },
    },
  ],
  {
    notThisPage: () =>
      refuse(400, "Nothing was done: the only thing this page does is remove an address."),
  },
);

export const meta: Route.MetaFunction = ({ matches }) =>
  staffMeta("Newsletter subscribers", matches);
export const headers: Route.HeadersFunction = staffPageHeaders;
export default SubscribersPage;
