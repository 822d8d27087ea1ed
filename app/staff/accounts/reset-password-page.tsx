import { KeyRoundIcon } from "lucide-react";
import type { StaffPageProps } from "~/staff/staff-page-props";
import { AccountForm, AccountNotice, AccountPage } from "./account-page";
import { NewPasswordFields } from "./new-password-fields";
import type { ResetActionData } from "./recovery.server";
import {
  EXPIRED_RECOVERY,
  FORGOT_PASSWORD_PATH,
  RECOVERY_LINK_LASTS,
  RESET_PASSWORD_PATH,
  resetForm,
} from "./staff-forms";

/**
 * Where a recovery link leads: a new password, or, once the link no longer
 * works, the way to ask for another.
 */
export function ResetPasswordPage({
  loaderData: { tokenHash },
  actionData,
}: StaffPageProps<{ tokenHash: string }>) {
  const result = actionData as ResetActionData | undefined;
  if (!tokenHash || result?.expired) {
    return (
      <AccountNotice
        title="This link does not work"
        words={result?.formError ?? EXPIRED_RECOVERY}
        alert={Boolean(result)}
        to={FORGOT_PASSWORD_PATH}
        label="Ask for a new link"
      />
    );
  }
  const query = new URLSearchParams({ token_hash: tokenHash, type: "recovery" });
  return (
    <AccountPage
      title="Set a new password"
      words={
        <>
          Choose the password you will sign in with from now on. This link works once, within{" "}
          {RECOVERY_LINK_LASTS} of being sent; setting a password signs you out everywhere else.
        </>
      }
    >
      <AccountForm
        form={resetForm}
        label="New password"
        action={`${RESET_PASSWORD_PATH}?${query}`}
        actionData={result}
        clearOnAnswer={["password", "confirmPassword"]}
        submitLabel="Set my password and sign in"
        submitIcon={<KeyRoundIcon aria-hidden="true" />}
        pendingLabel="Setting…"
      >
        {(field) => (
          <NewPasswordFields
            password={field("password")}
            confirm={field("confirmPassword")}
            label="New password"
          />
        )}
      </AccountForm>
    </AccountPage>
  );
}
