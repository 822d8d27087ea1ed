import { KeyRoundIcon } from "lucide-react";
import type { Route } from "./+types/reset-password";
import { buttonVariants } from "~/platform/ui/button";
import { CheckedForm } from "~/platform/forms/checked-form";
import { NewPasswordFields } from "~/staff/accounts/new-password-fields";
import { Link } from "~/platform/ui/link";
import {
  recoveryToken,
  resetPassword,
  type ResetActionData,
} from "~/staff/accounts/recovery.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import {
  EXPIRED_RECOVERY,
  FORGOT_PASSWORD_PATH,
  RECOVERY_LINK_LASTS,
  RESET_PASSWORD_PATH,
  resetForm,
} from "~/staff/accounts/staff-forms";
import { staffMeta } from "~/staff/staff-meta";

/**
 * Where a recovery link leads. Opening it uses nothing up (a mail scanner
 * that follows links cannot spend it): the token is traded for a session
 * only when the new password is posted.
 */
export function loader({ request }: Route.LoaderArgs) {
  return { tokenHash: recoveryToken(request) };
}

export function action({ request, context }: Route.ActionArgs) {
  return resetPassword(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Set a new password", matches);

export const headers: Route.HeadersFunction = staffPageHeaders;

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ResetActionData | undefined;
  if (!loaderData.tokenHash || result?.expired) {
    return (
      <div className="mx-auto max-w-xl py-6 sm:py-12">
        <h1 className="text-4xl tracking-tight">This link does not work</h1>
        <p role={result ? "alert" : undefined} className="mt-4 text-lg">
          {result?.formError ?? EXPIRED_RECOVERY}
        </p>
        <Link to={FORGOT_PASSWORD_PATH} className={buttonVariants({ className: "mt-8" })}>
          Ask for a new link
        </Link>
      </div>
    );
  }
  const query = new URLSearchParams({ token_hash: loaderData.tokenHash, type: "recovery" });
  return (
    <div className="mx-auto max-w-md py-6 sm:py-12">
      <h1 className="text-4xl tracking-tight">Set a new password</h1>
      <p className="mt-3 text-lg text-muted-foreground">
        Choose the password you will sign in with from now on. This link works once, within{" "}
        {RECOVERY_LINK_LASTS} of being sent; setting a password signs you out everywhere else.
      </p>
      <CheckedForm
        form={resetForm}
        label="New password"
        action={`${RESET_PASSWORD_PATH}?${query}`}
        actionData={result}
        clearOnAnswer={["password", "confirmPassword"]}
        submitLabel="Set my password and sign in"
        submitIcon={<KeyRoundIcon aria-hidden="true" />}
        pendingLabel="Setting…"
        browserChecks={false}
        submitClassName="w-full"
        className="mt-8 space-y-6"
      >
        {(field) => (
          <>
            <NewPasswordFields
              password={field("password")}
              confirm={field("confirmPassword")}
              label="New password"
            />
          </>
        )}
      </CheckedForm>
    </div>
  );
}
