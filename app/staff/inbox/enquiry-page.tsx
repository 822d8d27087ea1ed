import { ArrowLeftIcon, CheckIcon, MailIcon, PhoneIcon, Undo2Icon } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { formatPhone } from "~/enquiries/enquiry-fields";
import { formatLongDate } from "~/platform/clock/time-words";
import { Button, buttonVariants } from "~/platform/ui/button";
import { Link } from "~/platform/ui/link";
import type { StaffPageProps } from "~/staff/staff-page-props";
import type { EnquiryPageData } from "./enquiry-page.server";
import {
  DetailRow,
  HiddenCharacterNote,
  VisitorText,
  enquiryState,
  enquirySubject,
  formatReceived,
} from "./enquiry-views";
import { StateLine } from "~/platform/ui/state-badge";

/** One enquiry: who, about what, the ways to answer, and whether it is handled. */
export function EnquiryPage({ loaderData }: StaffPageProps<EnquiryPageData>) {
  const { enquiry, back } = loaderData;
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

      <StateLine
        large
        state={enquiryState(enquiry)}
        when={`Received ${formatReceived(enquiry.createdAt)}`}
      />
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
        <HandledButton handled={Boolean(enquiry.handledAt)} />
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

/**
 * Marks the enquiry handled, or not handled again. While a change is on its
 * way the button is aria-disabled, not disabled: a disabled button would
 * drop the keyboard's focus.
 */
function HandledButton({ handled }: { handled: boolean }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (pending) event.preventDefault();
      }}
    >
      <Button
        type="submit"
        name="intent"
        value={handled ? "not-handled" : "handled"}
        variant={handled ? "outline" : "secondary"}
        aria-disabled={pending || undefined}
        className="w-full aria-disabled:opacity-50 sm:w-auto"
      >
        {handled ? <Undo2Icon aria-hidden="true" /> : <CheckIcon aria-hidden="true" />}
        {handled ? "Mark as not handled" : "Mark as handled"}
      </Button>
    </Form>
  );
}
