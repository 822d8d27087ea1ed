import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { databaseContext } from "~/platform/context";
import { checkPost } from "~/platform/forms/form-post.server";
import { safeRedirect } from "~/platform/safe-redirect";
import { redirectWithToast } from "~/platform/toast.server";
import { confirmSession, staffClaims } from "~/staff/accounts/session.server";
import { staffAction } from "~/staff/editor/staff-action.server";
import { getEnquiry, handledForm, openEnquiry, setEnquiryHandled } from "./enquiry-inbox.server";

/** One enquiry's page, its loader and action (app/routes/staff/enquiry.tsx). */

const notFound = () => data("Not Found", { status: 404 });

/** An enquiry's id from the address; anything else is no enquiry. */
function enquiryId(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) throw notFound();
  return Number(raw);
}

/** The inbox page the staff member came from, so "Back" keeps their search and page. */
function backTo(request: Request): string {
  const back = safeRedirect(new URL(request.url).searchParams.get("back"), "/staff");
  return back === "/staff" || back.startsWith("/staff?") ? back : "/staff";
}

/** Opening an enquiry reads it: the navigation's unread count goes down by one. */
export async function loadEnquiry({ request, params, context }: LoaderFunctionArgs) {
  const db = await context.get(databaseContext)();
  const enquiry = await openEnquiry(db, staffClaims(context), enquiryId(params.id));
  if (!enquiry) throw notFound();
  return { enquiry, back: backTo(request) };
}

export type EnquiryPageData = Awaited<ReturnType<typeof loadEnquiry>>;

const notHandledChoice = () => {
  throw data("Choose whether the enquiry is handled.", { status: 400 });
};

async function markHandled(post: FormData, { request, params, context }: ActionFunctionArgs) {
  const id = enquiryId(params.id);
  const checked = await checkPost(post, handledForm, undefined);
  if (!checked.ok) return notHandledChoice();
  const { intent } = checked.data;
  await confirmSession(context);
  const db = await context.get(databaseContext)();
  const claims = staffClaims(context);
  if (!(await getEnquiry(db, claims, id))) throw notFound();
  await setEnquiryHandled(db, claims, id, intent === "handled");
  // Back to this page, built from its id: with scripts the post goes to the
  // page's data URL (`/staff/enquiries/1.data`), which is no page to return to.
  const back = new URL(request.url).searchParams.get("back");
  const search = back ? `?${new URLSearchParams({ back })}` : "";
  return redirectWithToast(`/staff/enquiries/${id}${search}`, {
    type: "success",
    title: intent === "handled" ? "Marked as handled." : "Marked as not handled.",
  });
}

/** Mark the enquiry handled, or not handled again. */
export const handledAction = staffAction<ActionFunctionArgs>(
  [{ form: handledForm, handle: markHandled }],
  { notThisPage: notHandledChoice },
);
