import { MailIcon } from "lucide-react";
import type { Route } from "./+types/forgot-password";
import { CheckedForm } from "~/platform/forms/checked-form";
import { TextField } from "~/platform/forms/form-fields";
import { Link } from "~/platform/ui/link";
import { requestPasswordReset, type ForgotActionData } from "~/staff/accounts/recovery.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { RECOVERY_LINK_LASTS, RECOVERY_ON_ITS_WAY, forgotForm } from "~/staff/accounts/staff-forms";
import { staffMeta } from "~/staff/staff-meta";

export function action({ request, context }: Route.ActionArgs) {
  return requestPasswordReset(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  staffMeta("Forgot your password?", matches);

export const headers: Route.HeadersFunction = staffPageHeaders;

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const result = actionData as ForgotActionData | undefined;
  return (
    <div className="mx-auto max-w-md py-6 sm:py-12">
      <h1 className="text-4xl tracking-tight">Forgot your password?</h1>
      {result?.sent ? (
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
            It works once, within {RECOVERY_LINK_LASTS}. Nothing there after a few minutes? Check
            the spam folder, or ask an owner of the site for a reset link.
          </p>
        </section>
      ) : (
        <p className="mt-3 text-lg text-muted-foreground">
          Give the email address you sign in with, and we&rsquo;ll send a link to set a new
          password. It works once, within {RECOVERY_LINK_LASTS}.
        </p>
      )}
      <CheckedForm
        form={forgotForm}
        label="Send a link"
        actionData={result?.sent ? undefined : result}
        submitLabel={result?.sent ? "Send another link" : "Send me a link"}
        submitIcon={<MailIcon aria-hidden="true" />}
        pendingLabel="Sending…"
        browserChecks={false}
        submitClassName="w-full"
        className="mt-8 space-y-6"
        initialValues={{ email: result?.values.email ?? "" }}
      >
        {(field) => (
          <TextField
            {...field("email")}
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            spellCheck={false}
          />
        )}
      </CheckedForm>
      <p className="mt-6">
        <Link
          to="/staff/sign-in"
          className="inline-flex min-h-11 items-center font-semibold text-primary underline-offset-4 hover:underline"
        >
          Back to sign-in
        </Link>
      </p>
    </div>
  );
}
