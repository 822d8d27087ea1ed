import { MailIcon } from "lucide-react";
import type { StaffPageProps } from "~/staff/staff-page-props";
import { AccountForm, AccountPage } from "./account-page";
import { EmailField } from "./email-field";
import type { ForgotActionData } from "./recovery.server";
import { RECOVERY_LINK_LASTS, RECOVERY_ON_ITS_WAY, forgotForm } from "./staff-forms";

/** "Forgot your password?": an address, and a recovery link sent to it if it is a member's. */
export function ForgotPasswordPage({ actionData }: StaffPageProps) {
  const result = actionData as ForgotActionData | undefined;
  return (
    <AccountPage
      title="Forgot your password?"
      words={
        <>
          Give the email address you sign in with, and we&rsquo;ll send a link to set a new
          password. It works once, within {RECOVERY_LINK_LASTS}.
        </>
      }
      notice={result?.sent ? <LinkSent /> : undefined}
      way={{ to: "/staff/sign-in", label: "Back to sign-in" }}
    >
      <AccountForm
        form={forgotForm}
        label="Send a link"
        actionData={result?.sent ? undefined : result}
        submitLabel={result?.sent ? "Send another link" : "Send me a link"}
        submitIcon={<MailIcon aria-hidden="true" />}
        pendingLabel="Sending…"
        initialValues={{ email: result?.values.email ?? "" }}
      >
        {(field) => <EmailField {...field("email")} inputMode="email" />}
      </AccountForm>
    </AccountPage>
  );
}

/** The same answer whatever the address: it never says which have accounts. */
function LinkSent() {
  return (
    <section
      aria-labelledby="sent-title"
      role="status"
      className="mt-6 border-l-4 border-primary bg-primary/10 p-5"
      data-testid="recovery-sent"
    >
      <h2 id="sent-title" className="text-2xl">
        Check your email
      </h2>
      <p className="mt-2 text-lg break-words">{RECOVERY_ON_ITS_WAY}</p>
      <p className="mt-2">
        It works once, within {RECOVERY_LINK_LASTS}. Nothing there after a few minutes? Check the
        spam folder, or ask an owner of the site for a reset link.
      </p>
    </section>
  );
}
