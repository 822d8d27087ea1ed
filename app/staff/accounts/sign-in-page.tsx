import { LogInIcon } from "lucide-react";
import type { StaffPageProps } from "~/staff/staff-page-props";
import { AccountForm, AccountPage } from "./account-page";
import { EmailField } from "./email-field";
import { TextField } from "~/platform/forms/form-fields";
import { FORGOT_PASSWORD_PATH, signInForm } from "./staff-forms";

/** Staff sign-in: email and password, and the way to a new password. */
export function SignInPage({ loaderData, actionData }: StaffPageProps<{ redirectTo: string }>) {
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
          </>
        )}
      </AccountForm>
    </AccountPage>
  );
}
