import type { ReactNode } from "react";
import { usePublicEnv } from "~/platform/public-env";
import { EnquiryConfirmation, useShownReceipt } from "./enquiry-confirmation";
import { EnquiryForm, PurposeNotice, type EnquiryFormProps } from "./enquiry-form";
import type { EnquiryPageState } from "./enquiry-fields";

/**
 * The enquiry form of a page, or, once it is sent, what was sent (with a way
 * back to an empty form). What the visitor without JavaScript is offered in
 * place of the spam check, and what the purpose notice says, are the same on
 * every enquiry page but for what the enquiry is for.
 */
export function EnquiryPanel<Field extends string, Context = void>({
  page,
  reachUs,
  purpose,
  newsletterPrivacy,
  again,
  ...form
}: Omit<
  EnquiryFormProps<Field, Context>,
  "submissionToken" | "turnstileSiteKey" | "turnstileFallback" | "purposeNotice"
> & {
  page: EnquiryPageState;
  /** The pub's phone and email, the other ways to reach it. */
  reachUs: { phone: string; email: string };
  /** What the details are used for: "We use what you send only to answer this message." */
  purpose: ReactNode;
  /** What the newsletter keeps, and for how long, if its box is ticked (the newsletter's own words). */
  newsletterPrivacy: string;
  /** The link back to an empty form: where it goes without JavaScript, and its words. */
  again: { href: string; label: string };
}) {
  const { receipt, writeAgain } = useShownReceipt(page.receipt, form.form.id);
  const { TURNSTILE_SITE_KEY } = usePublicEnv();
  if (receipt) {
    return (
      <EnquiryConfirmation
        receipt={receipt}
        againHref={again.href}
        onAgain={writeAgain}
        againLabel={again.label}
      />
    );
  }
  return (
    <EnquiryForm
      {...form}
      submissionToken={page.submissionToken}
      turnstileSiteKey={TURNSTILE_SITE_KEY}
      turnstileFallback={
        <>
          You can also call us at {reachUs.phone} or email {reachUs.email}.
        </>
      }
      purposeNotice={
        <PurposeNotice retentionDays={page.retentionDays} newsletterPrivacy={newsletterPrivacy}>
          {purpose}
        </PurposeNotice>
      }
    />
  );
}
