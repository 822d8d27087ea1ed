import { LogInIcon } from "lucide-react";
import type { StaffPageProps } from "~/staff/staff-page-props";
import { AccountForm, AccountPage } from "./account-page";
import { EmailField } from "./email-field";
import { TextField } from "~/platform/forms/form-fields";
import { FORGOT_PASSWORD_PATH, signInForm } from "./staff-forms";
import { TurnstileWidget } from "~/enquiries/turnstile-widget";
import { usePublicEnv } from "~/platform/public-env";

/**
 * Staff sign-in: email and password, and the way to a new password. Past an
 * email's ceiling of attempts, with Turnstile's keys set, the answer asks for
 * the human check, which lets the attempt through at once.
 */
export function SignInPage({ loaderData, actionData }: StaffPageProps<{ redirectTo: string }>) {
  const { TURNSTILE_SITE_KEY } = usePublicEnv();
  const humanCheck = (actionData as { humanCheck?: boolean } | undefined)?.humanCheck === true;
  return (
    <AccountPage
      title="Staff sign-in"
      words={<>For the pub&rsquo;s staff: enquiries, and keeping the site up to date.</>}
      way={{ to: FORGOT_PASSWORD_PATH, label: "Forgot your password?", large: true }}
      after={
        <p className="mt-3 text-muted-foreground">
          No account yet? The pub&rsquo;s owner adds staff.
        </p>
      }
    >
      <AccountForm
        form={signInForm}
        label="Sign in"
        actionData={actionData}
        hidden={<input type="hidden" name="redirectTo" value={loaderData.redirectTo} />}
        // After a refusal the password is typed again: it is emptied and, unless
        // the email is what is wrong, takes focus.
        refocus="password"
        clearOnAnswer={["password"]}
        submitLabel="Sign in"
        submitIcon={<LogInIcon aria-hidden="true" />}
        pendingLabel="Signing in…"
      >
        {(field) => (
          <>
            <EmailField {...field("email")} inputMode="email" />
            <TextField
              {...field("password")}
              label="Password"
              type="password"
              autoComplete="current-password"
            />
            {humanCheck && TURNSTILE_SITE_KEY ? (
              <TurnstileWidget
                siteKey={TURNSTILE_SITE_KEY}
                action="sign-in"
                fallback="Otherwise, wait the time above and sign in again."
                resetKey={actionData}
              />
            ) : null}
          </>
        )}
      </AccountForm>
    </AccountPage>
  );
}
