import { UserPlusIcon } from "lucide-react";
import type { Route } from "./+types/setup";
import { CheckedForm } from "~/platform/forms/checked-form";
import { TextField } from "~/platform/forms/form-fields";
import { NewPasswordFields } from "~/staff/accounts/new-password-fields";
import { buttonVariants } from "~/platform/ui/button";
import { Link } from "~/platform/ui/link";
import {
  createFirstOwner,
  setupState,
  type SetupActionData,
} from "~/staff/accounts/first-owner.server";
import {
  acceptInvitation,
  invitationFor,
  usedInvitation,
} from "~/staff/accounts/invitation.server";
import {
  EXPIRED_INVITATION,
  EXPIRED_LINK,
  invitationForm,
  ownerSetupForm,
} from "~/staff/accounts/staff-forms";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { staffMeta } from "~/staff/staff-meta";

const codeOf = (request: Request) => new URL(request.url).searchParams.get("code") ?? "";

export async function loader({ request, context }: Route.LoaderArgs) {
  const code = codeOf(request);
  // An owner's invitation, or else the first owner's setup.
  const invitee = await invitationFor(context, code);
  if (invitee === "used") {
    return { state: "invitation-used" as const, code: "", email: null, reset: false };
  }
  if (invitee) {
    return {
      state: "invite" as const,
      code,
      email: invitee.email,
      reset: invitee.purpose === "reset",
    };
  }
  const state = await setupState(context, code);
  return { state, code: code.slice(0, 100), email: null, reset: false };
}

export async function action({ request, context }: Route.ActionArgs) {
  const code = codeOf(request);
  const invitee = await invitationFor(context, code);
  if (invitee === "used") return usedInvitation();
  if (invitee) return acceptInvitation(request, context, code, invitee);
  return createFirstOwner(request, context, code);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  staffMeta(
    loaderData?.state === "invite"
      ? loaderData.reset
        ? "Set a new password"
        : "Set your password"
      : "Set up the owner's account",
    matches,
  );

export const headers: Route.HeadersFunction = staffPageHeaders;

export default function SetupPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as SetupActionData | undefined;
  const invited = loaderData.state === "invite" ? loaderData.email : null;
  const used = loaderData.state === "invitation-used";
  if (used || (loaderData.state !== "ready" && !invited && !result)) {
    return (
      <div className="mx-auto max-w-xl py-6 sm:py-12">
        <h1 className="text-4xl tracking-tight">
          {loaderData.state === "done" ? "The owner is set up" : "This link has expired"}
        </h1>
        <p className="mt-4 text-lg">
          {loaderData.state === "done"
            ? "The site already has its owner. Sign in, or ask the owner to add you."
            : used
              ? EXPIRED_INVITATION
              : EXPIRED_LINK}
        </p>
        <Link to="/staff/sign-in" className={buttonVariants({ className: "mt-8" })}>
          Go to sign-in
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-md py-6 sm:py-12">
      <h1 className="text-4xl tracking-tight">
        {loaderData.reset ? (
          "Set a new password"
        ) : invited ? (
          "Set your password"
        ) : (
          <>Set up the owner&rsquo;s account</>
        )}
      </h1>
      <p className="mt-3 text-lg text-muted-foreground">
        {loaderData.reset
          ? "Choose the password you will sign in with from now on. The link works once, within an hour of being made; setting a password signs you out everywhere else."
          : invited
            ? "You have been invited to the staff area. Choose the password you will sign in with. The link works once, within a day of being made."
            : "The owner reads enquiries, keeps the site current and adds the other staff."}
      </p>
      <CheckedForm
        form={invited ? invitationForm : ownerSetupForm}
        label={invited ? "Your staff account" : "Owner's account"}
        action={`/staff/setup?${new URLSearchParams({ code: loaderData.code })}`}
        actionData={result}
        initialValues={{ email: invited ?? "" }}
        submitLabel={invited ? "Set my password and sign in" : "Make the owner's account"}
        submitIcon={<UserPlusIcon aria-hidden="true" />}
        pendingLabel="Setting up…"
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
              spellCheck={false}
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
      </CheckedForm>
    </div>
  );
}
