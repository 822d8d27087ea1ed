import { UserPlusIcon } from "lucide-react";
import type { StaffPageProps } from "~/staff/staff-page-props";
import { AccountForm, AccountNotice, AccountPage } from "./account-page";
import { EmailField } from "./email-field";
import type { SetupActionData } from "./first-owner.server";
import { NewPasswordFields } from "./new-password-fields";
import type { SetupPageData } from "./setup-page.server";
import { EXPIRED_INVITATION, EXPIRED_LINK, invitationForm, ownerSetupForm } from "./staff-forms";

/**
 * A member's password from their invitation or reset link, or the first
 * owner's account; a link that no longer works says so.
 */
export function SetupPage({ loaderData, actionData }: StaffPageProps<SetupPageData>) {
  const result = actionData as SetupActionData | undefined;
  const invited = loaderData.state === "invite" ? loaderData.email : null;
  const used = loaderData.state === "invitation-used";
  if (used || (loaderData.state !== "ready" && !invited && !result)) {
    const done = loaderData.state === "done";
    return (
      <AccountNotice
        title={done ? "The owner is set up" : "This link has expired"}
        words={
          done
            ? "The site already has its owner. Sign in, or ask the owner to add you."
            : used
              ? EXPIRED_INVITATION
              : EXPIRED_LINK
        }
        to="/staff/sign-in"
        label="Go to sign-in"
      />
    );
  }

  return (
    <AccountPage
      title={
        loaderData.reset ? (
          "Set a new password"
        ) : invited ? (
          "Set your password"
        ) : (
          <>Set up the owner&rsquo;s account</>
        )
      }
      words={
        loaderData.reset
          ? "Choose the password you will sign in with from now on. The link works once, within an hour of being made; setting a password signs you out everywhere else."
          : invited
            ? "You have been invited to the staff area. Choose the password you will sign in with. The link works once, within a day of being made."
            : "The owner reads enquiries, keeps the site current and adds the other staff."
      }
    >
      <AccountForm
        form={invited ? invitationForm : ownerSetupForm}
        label={invited ? "Your staff account" : "Owner's account"}
        action={`/staff/setup?${new URLSearchParams({ code: loaderData.code })}`}
        actionData={result}
        initialValues={{ email: invited ?? "" }}
        submitLabel={invited ? "Set my password and sign in" : "Make the owner's account"}
        submitIcon={<UserPlusIcon aria-hidden="true" />}
        pendingLabel="Setting up…"
      >
        {(field) => (
          <>
            <EmailField
              {...field("email")}
              // An invitation is for one address: shown, not to be changed.
              readOnly={Boolean(invited)}
              hint={
                loaderData.reset
                  ? "The account this link is for."
                  : invited
                    ? "The address your invitation is for."
                    : undefined
              }
            />
            <NewPasswordFields
              password={field("password")}
              confirm={field("confirmPassword")}
              label="Password"
            />
          </>
        )}
      </AccountForm>
    </AccountPage>
  );
}
