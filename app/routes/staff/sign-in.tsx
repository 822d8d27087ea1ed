import { LogInIcon } from "lucide-react";
import { redirect } from "react-router";
import type { Route } from "./+types/sign-in";
import { CheckedForm } from "~/platform/forms/checked-form";
import { TextField } from "~/platform/forms/form-fields";
import { Link } from "~/platform/ui/link";
import { FORGOT_PASSWORD_PATH, signInForm } from "~/staff/accounts/staff-forms";
import { sessionClaimsContext } from "~/platform/context";
import { signIn } from "~/staff/accounts/sign-in.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { staffMeta, staffReturnPath } from "~/staff/staff-meta";

export function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = staffReturnPath(new URL(request.url).searchParams.get("redirectTo"));
  if (context.get(sessionClaimsContext)) throw redirect(redirectTo);
  return { redirectTo };
}

export function action({ request, context }: Route.ActionArgs) {
  return signIn(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Sign in", matches);

export const headers: Route.HeadersFunction = staffPageHeaders;

export default function SignInPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md py-6 sm:py-12">
      <h1 className="text-4xl tracking-tight">Staff sign-in</h1>
      <p className="mt-3 text-lg text-muted-foreground">
        For the pub&rsquo;s staff: enquiries, and keeping the site up to date.
      </p>
      <CheckedForm
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
        browserChecks={false}
        submitClassName="w-full"
        className="mt-8 space-y-6"
      >
        {(field) => (
          <>
            <TextField
              {...field("email")}
              label="Email"
              type="email"
              autoComplete="username"
              inputMode="email"
              spellCheck={false}
            />
            <TextField
              {...field("password")}
              label="Password"
              type="password"
              autoComplete="current-password"
            />
          </>
        )}
      </CheckedForm>
      <p className="mt-6 text-lg">
        <Link
          to={FORGOT_PASSWORD_PATH}
          className="inline-flex min-h-11 items-center font-semibold text-primary underline-offset-4 hover:underline"
        >
          Forgot your password?
        </Link>
      </p>
      <p className="mt-3 text-muted-foreground">
        No account yet? The pub&rsquo;s owner adds staff.
      </p>
    </div>
  );
}
