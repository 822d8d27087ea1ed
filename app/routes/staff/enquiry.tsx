import { ArrowLeftIcon, CheckIcon, MailIcon, PhoneIcon, Undo2Icon } from "lucide-react";
import { Form, data, useNavigation } from "react-router";
import type { Route } from "./+types/enquiry";
import { Button, buttonVariants } from "~/platform/ui/button";
import { Link } from "~/platform/ui/link";
import { formatPhone } from "~/enquiries/enquiry-fields";
import { formatLongDate } from "~/platform/clock/time-words";
import { databaseContext } from "~/platform/context";
import { safeRedirect } from "~/platform/safe-redirect";
import { redirectWithToast } from "~/platform/toast.server";
import {
  getEnquiry,
  handledForm,
  openEnquiry,
  setEnquiryHandled,
} from "~/staff/inbox/enquiry-inbox.server";
import { checkPost } from "~/platform/forms/form-post.server";
import { staffAction } from "~/staff/editor/staff-action.server";
import {
  DetailRow,
  HandledBadge,
  HiddenCharacterNote,
  VisitorText,
  enquirySubject,
  formatReceived,
} from "~/staff/inbox/enquiry-views";
import { confirmSession, staffClaims, staffPageHeaders } from "~/staff/accounts/session.server";
import { staffMeta } from "~/staff/staff-meta";

/** An enquiry's id from the address; anything else is no enquiry. */
function enquiryId(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) throw data("Not Found", { status: 404 });
  return Number(raw);
}

/** The inbox page the staff member came from, so "Back" keeps their search and page. */
function backTo(request: Request): string {
  const back = safeRedirect(new URL(request.url).searchParams.get("back"), "/staff");
  return back === "/staff" || back.startsWith("/staff?") ? back : "/staff";
}

/** Opening an enquiry reads it: the navigation's unread count goes down by one. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = await context.get(databaseContext)();
  const enquiry = await openEnquiry(db, staffClaims(context), enquiryId(params.id));
  if (!enquiry) throw data("Not Found", { status: 404 });
  return { enquiry, back: backTo(request) };
}

const notHandledChoice = () => {
  throw data("Choose whether the enquiry is handled.", { status: 400 });
};

export const action = staffAction<Route.ActionArgs>([{ form: handledForm, handle: markHandled }], {
  notThisPage: notHandledChoice,
});

async function markHandled(post: FormData, { request, params, context }: Route.ActionArgs) {
  const id = enquiryId(params.id);
  const checked = await checkPost(post, handledForm, undefined);
  if (!checked.ok) return notHandledChoice();
  const { intent } = checked.data;
  await confirmSession(context);
  const db = await context.get(databaseContext)();
  const claims = staffClaims(context);
  if (!(await getEnquiry(db, claims, id))) throw data("Not Found", { status: 404 });
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

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  staffMeta(
    loaderData ? `Enquiry from ${loaderData.enquiry.name.slice(0, 60)}` : "Enquiry",
    matches,
  );

export const headers: Route.HeadersFunction = staffPageHeaders;

export default function EnquiryPage({ loaderData }: Route.ComponentProps) {
  const { enquiry, back } = loaderData;
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const replySubject = enquiry.kind === "venue" ? "Your venue enquiry" : "Your message to the pub";

  return (
    <>
      <Link
        to={back}
        className="inline-flex min-h-11 items-center gap-2 font-semibold text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeftIcon aria-hidden="true" className="size-5" />
        All enquiries
      </Link>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        <HandledBadge handledAt={enquiry.handledAt} readAt={enquiry.readAt} />
        <span className="text-pretty text-muted-foreground">
          Received {formatReceived(enquiry.createdAt)}
        </span>
      </div>
      <h1 className="mt-3 text-3xl tracking-tight break-words sm:text-4xl">
        <VisitorText text={enquiry.name} />
      </h1>
      <p className="mt-1 text-lg text-muted-foreground">
        {enquirySubject({ ...enquiry, excerpt: "" })}
      </p>

      {/* Stacked the width of a phone, in a row from the small breakpoint up. */}
      <div className="mt-6 grid gap-3 sm:flex sm:flex-wrap">
        <a
          href={`mailto:${encodeURIComponent(enquiry.email)}?subject=${encodeURIComponent(replySubject)}`}
          className={buttonVariants()}
        >
          <MailIcon aria-hidden="true" />
          Reply by email
        </a>
        {enquiry.phone ? (
          <a href={`tel:${enquiry.phone}`} className={buttonVariants({ variant: "outline" })}>
            <PhoneIcon aria-hidden="true" />
            Call {formatPhone(enquiry.phone)}
          </a>
        ) : null}
        {/* While a change is on its way the button is aria-disabled, not disabled: a
            disabled button would drop the keyboard's focus. */}
        <Form
          method="post"
          onSubmit={(event) => {
            if (pending) event.preventDefault();
          }}
        >
          {enquiry.handledAt ? (
            <Button
              type="submit"
              name="intent"
              value="not-handled"
              variant="outline"
              aria-disabled={pending || undefined}
              className="w-full aria-disabled:opacity-50 sm:w-auto"
            >
              <Undo2Icon aria-hidden="true" />
              Mark as not handled
            </Button>
          ) : (
            <Button
              type="submit"
              name="intent"
              value="handled"
              variant="secondary"
              aria-disabled={pending || undefined}
              className="w-full aria-disabled:opacity-50 sm:w-auto"
            >
              <CheckIcon aria-hidden="true" />
              Mark as handled
            </Button>
          )}
        </Form>
      </div>

      <h2 className="mt-10 text-2xl">Message</h2>
      <p className="mt-3 max-w-prose text-lg leading-relaxed whitespace-pre-wrap">
        <VisitorText text={enquiry.message} />
      </p>
      <HiddenCharacterNote texts={[enquiry.name, enquiry.email, enquiry.message]} />

      <h2 className="mt-10 text-2xl">Details</h2>
      <dl className="mt-3 border-t border-border">
        <DetailRow term="Email">
          <VisitorText text={enquiry.email} />
        </DetailRow>
        <DetailRow term="Phone">
          {enquiry.phone ? formatPhone(enquiry.phone) : "Not given"}
        </DetailRow>
        {enquiry.kind === "venue" ? (
          <>
            <DetailRow term="Space">{enquiry.spaceName ?? "Not given"}</DetailRow>
            <DetailRow term="Date">
              {enquiry.eventDate ? formatLongDate(enquiry.eventDate) : "Not given"}
              {enquiry.startTime ? `, from ${enquiry.startTime}` : ""}
            </DetailRow>
            <DetailRow term="Guests">{enquiry.partySize ?? "Not given"}</DetailRow>
          </>
        ) : null}
        <DetailRow term="Newsletter">
          {enquiry.newsletterOptedInAt
            ? `Opted in ${formatReceived(enquiry.newsletterOptedInAt)}`
            : "Not opted in"}
        </DetailRow>
        <DetailRow term="Status">
          {enquiry.handledAt ? `Handled ${formatReceived(enquiry.handledAt)}` : "Not handled yet"}
        </DetailRow>
      </dl>
    </>
  );
}
