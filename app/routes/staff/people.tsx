import {
  CopyIcon,
  KeyRoundIcon,
  LinkIcon,
  MailIcon,
  UserMinusIcon,
  UserPlusIcon,
  UsersIcon,
} from "lucide-react";
import { Suspense, lazy, useState } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/people";
import { Button, buttonVariants } from "~/platform/ui/button";
import { CheckedForm } from "~/platform/forms/checked-form";
import { CheckboxField, SelectField, TextField } from "~/platform/forms/form-fields";
import { Link } from "~/platform/ui/link";
import { useHydrated } from "~/platform/use-hydrated";
import { neutraliseText } from "~/staff/display-text";
import { EmailAddress } from "~/staff/accounts/email-address";
import { formatReceived } from "~/staff/inbox/enquiry-views";
import {
  OWNERS_ONLY,
  PEOPLE_PATH,
  ROLE_DESCRIPTIONS,
  STAFF_ROLES,
  inviteForm,
} from "~/staff/accounts/people";
import {
  changeStaffList,
  staffList,
  type PeopleActionData,
} from "~/staff/accounts/people-page.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { staffMeta } from "~/staff/staff-meta";
import { EMAIL_MAX } from "~/staff/accounts/staff-forms";
import type { StaffRole } from "~/staff/accounts/staff.server";

export function loader({ request, context }: Route.LoaderArgs) {
  return staffList(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return changeStaffList(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("People", matches);

export const headers: Route.HeadersFunction = staffPageHeaders;

const roleLabel = (role: StaffRole) => (role === "owner" ? "Owner" : "Editor");

export default function PeoplePage({ loaderData, actionData }: Route.ComponentProps) {
  const { members, me, canManage, removing } = loaderData;
  const result = actionData as PeopleActionData | undefined;
  const otherFormError = result && result.intent !== "invite" ? result.formError : null;

  return (
    <>
      <h1 className="flex items-center gap-3 text-4xl tracking-tight">
        <UsersIcon aria-hidden="true" className="size-8" />
        People
      </h1>
      <p className="mt-2 max-w-prose text-lg text-muted-foreground">
        {canManage
          ? "Who can use the staff area. Owners invite, change roles and remove; editors keep the site current."
          : `Who can use the staff area. ${OWNERS_ONLY}`}
      </p>

      {result?.invited ? <InvitationLink invited={result.invited} /> : null}
      {result?.memberLink ? <MemberLinkPanel made={result.memberLink} /> : null}
      {otherFormError ? (
        <div role="alert" className="mt-6 border-l-4 border-destructive bg-destructive/10 p-5">
          <p className="text-lg font-semibold">{otherFormError}</p>
        </div>
      ) : null}

      <h2 className="mt-10 text-2xl">Staff ({members.length})</h2>
      <ul className="mt-3 divide-y divide-border border-y border-border">
        {members.map((member) => (
          <li key={member.userId} className="flex flex-wrap items-center gap-x-6 gap-y-3 py-4">
            <div className="min-w-0 flex-1 basis-64">
              <p className="text-lg font-semibold break-words">
                <EmailAddress email={member.email} />
                {member.userId === me ? (
                  <span className="font-normal text-muted-foreground"> (you)</span>
                ) : null}
              </p>
              <p className="text-muted-foreground">
                {roleLabel(member.role)} ·{" "}
                {member.joined ? (
                  <>since {formatReceived(member.addedAt)}</>
                ) : (
                  <span className="font-semibold text-foreground" data-testid="not-joined">
                    Invited, not joined yet
                  </span>
                )}
              </p>
            </div>
            {canManage ? <MemberActions member={member} /> : null}
          </li>
        ))}
      </ul>

      {canManage ? <InviteForm result={result?.intent === "invite" ? result : undefined} /> : null}
      {removing ? <RemovalConfirmation member={removing} me={me} /> : null}
    </>
  );
}

/** The dialog, fetched the first time a removal is asked about. */
const ConfirmDialog = lazy(() => import("~/staff/editor/confirm-dialog"));

type Member = Route.ComponentProps["loaderData"]["members"][number];

/**
 * A fresh link for a member: their invitation again while they have not
 * joined, a reset link once they have; shown to copy, or emailed as well.
 */
function LinkActions({ member }: { member: Member }) {
  const email = neutraliseText(member.email);
  const [copyLabel, sendLabel] = member.joined
    ? ["Make a reset link", "Email a reset link"]
    : ["Copy the link again", "Send again"];
  return (
    <Form method="post" preventScrollReset className="flex w-full flex-wrap gap-3">
      <input type="hidden" name="intent" value="link" />
      <input type="hidden" name="userId" value={member.userId} />
      <Button
        type="submit"
        name="send"
        value="copy"
        variant="outline"
        size="sm"
        className="min-h-11 flex-1 sm:flex-none"
      >
        {member.joined ? <KeyRoundIcon aria-hidden="true" /> : <LinkIcon aria-hidden="true" />}
        {copyLabel}
        <span className="sr-only"> for {email}</span>
      </Button>
      <Button
        type="submit"
        name="send"
        value="email"
        variant="outline"
        size="sm"
        className="min-h-11 flex-1 sm:flex-none"
      >
        <MailIcon aria-hidden="true" />
        {sendLabel}
        <span className="sr-only"> to {email}</span>
      </Button>
    </Form>
  );
}

/** A member's role, changed in place, a fresh link, and the way to remove them (after a confirmation). */
function MemberActions({ member }: { member: Member }) {
  const formId = `role-${member.userId}`;
  return (
    <div className="flex w-full flex-wrap items-end gap-3 sm:w-auto">
      <LinkActions member={member} />
      <Form method="post" className="flex flex-1 items-end gap-3 sm:flex-none">
        <input type="hidden" name="intent" value="role" />
        <input type="hidden" name="userId" value={member.userId} />
        <div className="min-w-0 flex-1">
          <label htmlFor={formId} className="sr-only">
            Role of {neutraliseText(member.email)}
          </label>
          <select
            id={formId}
            name="role"
            defaultValue={member.role}
            className="block min-h-11 w-full border-2 border-input bg-card px-3 text-lg text-card-foreground focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {roleLabel(role)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline" size="sm" className="min-h-11">
          Change role
          <span className="sr-only"> of {neutraliseText(member.email)}</span>
        </Button>
      </Form>
      <Link
        to={`?${new URLSearchParams({ remove: member.userId })}`}
        preventScrollReset
        className={buttonVariants({ variant: "ghost", size: "sm", className: "min-h-11" })}
      >
        <UserMinusIcon aria-hidden="true" />
        Remove
        <span className="sr-only"> {neutraliseText(member.email)}</span>
      </Link>
    </div>
  );
}

/**
 * The one time the invitation's link is shown: to copy and pass on. Someone
 * with an account already gets no link: they sign in as they always have.
 */
function InvitationLink({ invited }: { invited: NonNullable<PeopleActionData["invited"]> }) {
  if (!invited.link || !invited.expiresAt) {
    return (
      <section
        aria-labelledby="invited-title"
        className="mt-6 border-l-4 border-primary bg-primary/10 p-5"
        data-testid="invitation"
      >
        <h2 id="invited-title" className="text-2xl">
          <EmailAddress email={invited.email} /> is on the staff list as an {invited.role}
        </h2>
        <p className="mt-2 max-w-prose">
          They already have an account here, so there is no link to pass on: they sign in with the
          password they have.
        </p>
      </section>
    );
  }
  return (
    <NewAccountLink invited={{ ...invited, link: invited.link, expiresAt: invited.expiresAt }} />
  );
}

function NewAccountLink({
  invited,
}: {
  invited: { email: string; role: string; link: string; expiresAt: string; emailed: boolean };
}) {
  return (
    <LinkPanel
      title={
        <>
          <EmailAddress email={invited.email} /> is invited as an {invited.role}
        </>
      }
      link={invited.link}
    >
      {invited.emailed
        ? "The link is on its way to them by email; you can also copy it and pass it on."
        : "Copy this link and pass it on to them."}{" "}
      With it they set their own password. It works once, until {formatReceived(invited.expiresAt)},
      and is shown only now.
    </LinkPanel>
  );
}

/** A fresh link made for a member on the list. */
function MemberLinkPanel({ made }: { made: NonNullable<PeopleActionData["memberLink"]> }) {
  return (
    <LinkPanel
      title={
        <>
          {made.purpose === "invitation" ? "A new invitation for " : "A reset link for "}
          <EmailAddress email={made.email} />
        </>
      }
      link={made.link}
    >
      {made.emailed
        ? "It is on its way to them by email; you can also copy it and pass it on."
        : "Copy this link and pass it on to them."}{" "}
      {made.purpose === "invitation"
        ? "With it they set their own password and join."
        : "With it they set a new password; their current one works until then, and setting it signs them out everywhere else."}{" "}
      It works once, until {formatReceived(made.expiresAt)}, and is shown only now. Any earlier link
      of theirs no longer works.
    </LinkPanel>
  );
}

/** A one-time link, shown once: to select and copy. */
function LinkPanel({
  title,
  link,
  children,
}: {
  title: React.ReactNode;
  link: string;
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <section
      aria-labelledby="invited-title"
      className="mt-6 border-l-4 border-primary bg-primary/10 p-5"
      data-testid="invitation"
    >
      <h2 id="invited-title" className="text-2xl break-words">
        {title}
      </h2>
      <p className="mt-2 max-w-prose">{children}</p>
      <label htmlFor="invitation-link" className="mt-4 block font-semibold">
        Their link
      </label>
      <div className="mt-2 flex flex-wrap gap-3">
        {/* All of it in sight, over several lines on a phone, to check and to select. */}
        <textarea
          id="invitation-link"
          readOnly
          value={link}
          rows={3}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          className="field-sizing-content min-h-11 min-w-0 flex-1 basis-64 resize-none border-2 border-input bg-card px-3 py-2 font-mono text-sm break-all text-card-foreground"
        />
        {hydrated ? (
          <Button
            type="button"
            variant="secondary"
            size="sm"
            className="min-h-11"
            onClick={() => {
              void navigator.clipboard?.writeText(link).then(() => setCopied(true));
            }}
          >
            <CopyIcon aria-hidden="true" />
            {copied ? "Copied" : "Copy link"}
          </Button>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {copied ? "The link is copied." : ""}
      </p>
    </section>
  );
}

/** Inviting someone: their email and role; checked in the browser when it can, always on the server. */
function InviteForm({ result }: { result: PeopleActionData | undefined }) {
  // A refusal comes back to the form; an invitation made starts it afresh.
  const refused = result && !result.invited ? result : undefined;
  return (
    <section aria-labelledby="invite-title" className="mt-12 max-w-md">
      <h2 id="invite-title" className="text-2xl">
        Invite someone
      </h2>
      <p className="mt-2 text-muted-foreground">
        They get a link to set their own password: you pass it on, or the site emails it.
      </p>
      <CheckedForm
        key={result?.invited ? result.invited.link : "form"}
        form={inviteForm}
        titleId="invite-title"
        actionData={refused}
        initialValues={{ role: "editor" }}
        hidden={<input type="hidden" name="intent" value="invite" />}
        submitLabel="Invite"
        submitIcon={<UserPlusIcon aria-hidden="true" />}
        pendingLabel="Inviting…"
        browserChecks={false}
        submitClassName="w-full sm:w-auto"
        className="mt-6 space-y-6"
      >
        {(field) => (
          <>
            <TextField
              {...field("email")}
              label="Email"
              type="email"
              autoComplete="off"
              spellCheck={false}
              limit={EMAIL_MAX}
            />
            <SelectField
              {...field("role")}
              label="Role"
              hint={`Editor: ${ROLE_DESCRIPTIONS.editor} Owner: ${ROLE_DESCRIPTIONS.owner}`}
            >
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {roleLabel(role)}
                </option>
              ))}
            </SelectField>
            <CheckboxField
              formId={inviteForm.id}
              name="send"
              value="email"
              label="Email them the link as well"
              hint="It names the pub and you. The link is shown here to copy either way."
              defaultChecked={refused?.values.send === "email"}
              error={undefined}
            />
          </>
        )}
      </CheckedForm>
    </section>
  );
}

/**
 * The step before a removal: a dialog with scripts, the same question on
 * the page without them. Either way the removal is its own post.
 */
function RemovalConfirmation({ member, me }: { member: Member; me: string }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "remove";
  const email = neutraliseText(member.email);
  const question = member.userId === me ? "Remove yourself from the staff?" : `Remove ${email}?`;
  const body = (
    <>
      <p className="mt-3">
        {member.userId === me
          ? "You will be signed out and can no longer use the staff area."
          : "They will be signed out at their next step and can no longer use the staff area. You can invite them again later."}
      </p>
      <Form method="post" action={PEOPLE_PATH} className="mt-6 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="userId" value={member.userId} />
        <Button type="submit" aria-disabled={pending || undefined} className="w-full sm:w-auto">
          <UserMinusIcon aria-hidden="true" />
          {pending ? "Removing…" : "Yes, remove"}
        </Button>
        <Link
          to={PEOPLE_PATH}
          preventScrollReset
          className={buttonVariants({ variant: "outline", className: "w-full sm:w-auto" })}
        >
          Keep {member.userId === me ? "me" : "them"}
        </Link>
      </Form>
    </>
  );

  const onPage = (
    <section
      aria-labelledby="remove-title"
      className="mt-10 max-w-xl border-2 border-destructive p-5"
    >
      <h2 id="remove-title" className="text-2xl break-words">
        {question}
      </h2>
      {body}
    </section>
  );
  if (!hydrated) return onPage;
  return (
    <Suspense fallback={onPage}>
      <ConfirmDialog
        title={question}
        onClose={() => void navigate(PEOPLE_PATH, { preventScrollReset: true })}
      >
        {body}
      </ConfirmDialog>
    </Suspense>
  );
}
