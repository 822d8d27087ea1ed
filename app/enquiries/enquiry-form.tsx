import { SendIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { CheckboxField, HoneypotField } from "~/platform/forms/form-fields";
import { CheckedForm, checkbox, type BoundField } from "~/platform/forms/checked-form";
import type { FormSpec } from "~/platform/forms/form-spec";
import type { z } from "zod";
import { TurnstileWidget } from "./turnstile-widget";
import { describeRetention } from "~/platform/clock/time-words";
import {
  CONSENT_WORDING,
  HONEYPOT_FIELD,
  NEWSLETTER_WORDING,
  SUBMISSION_FIELD,
  type EnquiryActionData,
  type EnquiryKind,
} from "./enquiry-fields";

export type { BoundField };

export type EnquiryFormProps<Field extends string, Context> = {
  form: FormSpec<Field, z.ZodType, Context>;
  /** What the form's rules are made for (the venue's spaces and hours). */
  rulesContext?: Context;
  /** The id of the heading that names the form. */
  titleId: string;
  kind: EnquiryKind;
  submissionToken: string;
  actionData: EnquiryActionData<Field> | undefined;
  turnstileSiteKey: string | undefined;
  /** What a visitor without JavaScript can do when the spam check needs it. */
  turnstileFallback: ReactNode;
  purposeNotice: ReactNode;
  submitLabel: string;
  /** What the fields hold before any post, such as a topic chosen by the link that led here. */
  initialValues?: Partial<Record<Field, string>>;
  /** The form's own fields; `field(name)` gives each its id, error, typed value and focus. */
  children: (field: (name: Field) => BoundField) => ReactNode;
};

/**
 * An enquiry form: the checked form (each field checked as the visitor leaves
 * it, the whole form before it is sent, the server again after) with the
 * enquiry's token, spam traps, purpose notice, consent and newsletter boxes.
 */
export function EnquiryForm<Field extends string, Context = void>({
  kind,
  submissionToken,
  actionData,
  turnstileSiteKey,
  turnstileFallback,
  purposeNotice,
  children,
  ...checkedForm
}: EnquiryFormProps<Field, Context>) {
  // A live update of the page (a revalidation) brings a fresh token and no
  // answer: the form keeps the token it was first shown with and the server's
  // last answer, so nothing typed or said is lost. A new answer replaces it.
  const [shownToken] = useState(submissionToken);
  const [answer, setAnswer] = useState(actionData);
  if (actionData != null && actionData !== answer) setAnswer(actionData);
  const token = answer?.submissionToken ?? shownToken;
  return (
    <CheckedForm
      {...checkedForm}
      actionData={answer}
      hidden={
        <>
          <input type="hidden" name={SUBMISSION_FIELD} value={token} />
          <HoneypotField name={HONEYPOT_FIELD} />
        </>
      }
      submitIcon={<SendIcon aria-hidden="true" />}
      pendingLabel="Sending…"
      footer={(field) => (
        <>
          <div className="border-t border-border pt-6 text-muted-foreground">{purposeNotice}</div>
          <CheckboxField {...checkbox(field("consent" as Field))} label={CONSENT_WORDING} />
          <CheckboxField
            {...checkbox(field("newsletter" as Field))}
            optional
            label={NEWSLETTER_WORDING}
            hint="Optional, and separate from your enquiry."
          />
          {turnstileSiteKey ? (
            <TurnstileWidget
              siteKey={turnstileSiteKey}
              action={kind}
              fallback={turnstileFallback}
              resetKey={answer}
            />
          ) : null}
        </>
      )}
    >
      {children}
    </CheckedForm>
  );
}

/** What the data is for, who sees it and how long it is kept, at the form (PIPEDA). */
export function PurposeNotice({
  retentionDays,
  newsletterPrivacy,
  children,
}: {
  retentionDays: number;
  /** What the newsletter keeps, and for how long, if its box is ticked. */
  newsletterPrivacy: string;
  children: ReactNode;
}) {
  return (
    <p className="text-sm leading-relaxed">
      <span className="font-semibold text-foreground">How we use your details.</span> {children}{" "}
      Only the pub’s staff read it. We keep it for {describeRetention(retentionDays)}, then delete
      it, and we never sell or share it. The newsletter is separate: we write to you only if you
      tick its box, and you can stop it at any time. {newsletterPrivacy} To see or delete what we
      hold about you, email or call us.
    </p>
  );
}
