import { CircleCheckIcon } from "lucide-react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { flushSync } from "react-dom";
import { formatLongDate, formatWallTime } from "~/platform/clock/time-words";
import { contactTopicLabels, formatPhone, type EnquiryReceipt } from "./enquiry-fields";
import { buttonVariants } from "~/platform/ui/button";

/**
 * The receipt a form page shows, kept until the visitor asks for the form
 * again. The server gives it once (its cookie is cleared as it is read), so
 * when a live update reads the page again it comes back without one: the
 * confirmation must not go with it. A newer receipt (another enquiry sent)
 * replaces it.
 */
export function useShownReceipt(receipt: EnquiryReceipt | null, formId: string) {
  const [shown, setShown] = useState(receipt);
  const [latest, setLatest] = useState(receipt);
  if (receipt !== latest) {
    setLatest(receipt);
    if (receipt !== null) setShown(receipt);
  }
  /** Shows an empty form in place of the confirmation, with its first field focused. */
  const writeAgain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    flushSync(() => setShown(null));
    const form = document.getElementById(formId);
    form
      ?.querySelector<HTMLElement>(
        "input:not([type=hidden]):not([tabindex='-1']), select, textarea",
      )
      ?.focus();
  };
  return { receipt: shown, writeAgain };
}

/**
 * What the visitor sent, repeated back once it is stored: the proof that it
 * arrived, and a record of what they said. Focused when it appears, so a
 * screen reader reads it first.
 */
export function EnquiryConfirmation({
  receipt,
  againHref,
  againLabel,
  onAgain,
}: {
  receipt: EnquiryReceipt;
  /** The empty form, loaded afresh: where the link goes without JavaScript. */
  againHref: string;
  againLabel: string;
  /** Shows the empty form in place, with JavaScript. */
  onAgain: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const rows: Array<[string, string]> = [
    ["Name", receipt.name],
    ["Email", receipt.email],
    ...(receipt.phone ? [["Phone", formatPhone(receipt.phone)] as [string, string]] : []),
    ...(receipt.topic ? [["About", contactTopicLabels[receipt.topic]] as [string, string]] : []),
    ...(receipt.spaceName ? [["Space", receipt.spaceName] as [string, string]] : []),
    ...(receipt.date
      ? [
          ["Date", `${formatLongDate(receipt.date)}, ${receipt.date.slice(0, 4)}`] as [
            string,
            string,
          ],
        ]
      : []),
    ...(receipt.startTime
      ? [["Start time", formatWallTime(receipt.startTime)] as [string, string]]
      : []),
    ...(receipt.partySize ? [["Guests", String(receipt.partySize)] as [string, string]] : []),
    [
      "Newsletter",
      // The same words whether or not the address is subscribed already.
      receipt.newsletter
        ? "Yes, please. Unless you're subscribed already, an email asks you to confirm."
        : "No",
    ],
  ];

  return (
    <div id="enquiry-sent" className="border-t-4 border-primary bg-card p-6 sm:p-8">
      <h3
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-3 text-2xl tracking-tight outline-none sm:text-3xl"
      >
        <CircleCheckIcon aria-hidden="true" className="size-8 shrink-0 text-primary" />
        {receipt.kind === "venue" ? "Your enquiry is with us" : "Your message is with us"}
      </h3>
      <p className="mt-3 text-lg text-muted-foreground">
        We reply by email. Here is what you sent:
      </p>
      <dl className="mt-6 grid grid-cols-[auto_minmax(0,1fr)] gap-x-5 gap-y-3">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="[overflow-wrap:anywhere] text-muted-foreground">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-6 font-semibold">Message</p>
      <p className="mt-2 border-l-4 border-border pl-4 [overflow-wrap:anywhere] whitespace-pre-line text-muted-foreground">
        {receipt.message}
      </p>
      <a
        href={againHref}
        onClick={onAgain}
        className={`${buttonVariants({ variant: "outline" })} mt-8`}
      >
        {againLabel}
      </a>
    </div>
  );
}
