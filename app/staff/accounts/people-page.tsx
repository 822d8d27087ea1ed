import { UserMinusIcon, UsersIcon } from "lucide-react";
import { formatReceived } from "~/staff/inbox/enquiry-views";
import { neutraliseText } from "~/staff/display-text";
import { Confirmation } from "~/platform/ui/confirmation";
import type { StaffPageProps } from "~/staff/staff-page-props";
import { EmailAddress } from "./email-address";
import { InviteForm } from "./invite-form";
import { MemberActions } from "./member-actions";
import { InvitationLink, MemberLinkPanel } from "./one-time-link";
import { LAST_OWNER, OWNERS_ONLY, PEOPLE_PATH, roleLabel } from "./people";
import type { PeopleActionData, StaffListData } from "./people-page.server";
import type { StaffMember } from "./staff.server";

/**
 * Who can use the staff area; to owners, the ways to invite, change a role,
 * make a fresh link and remove.
 */
export function PeoplePage({ loaderData, actionData }: StaffPageProps<StaffListData>) {
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
      {removing ? (
        <RemovalConfirmation
          member={removing}
          me={me}
          lastOwner={
            removing.role === "owner" &&
            members.filter((member) => member.role === "owner").length === 1
          }
        />
      ) : null}
    </>
  );
}

/** The question before a removal; the removal is its own post. */
function RemovalConfirmation({
  member,
  me,
  lastOwner,
}: {
  member: StaffMember;
  me: string;
  /** The only owner: not removed, and the question says why before anything is pressed. */
  lastOwner: boolean;
}) {
  const yourself = member.userId === me;
  return (
    <Confirmation
      question={
        yourself ? "Remove yourself from the staff?" : `Remove ${neutraliseText(member.email)}?`
      }
      titleId="remove-title"
      tone="destructive"
      className="mt-10"
      page={PEOPLE_PATH}
      intent="remove"
      fields={{ userId: member.userId }}
      icon={<UserMinusIcon aria-hidden="true" />}
      yesLabel="Yes, remove"
      pendingLabel="Removing…"
      keepLabel={`Keep ${yourself ? "me" : "them"}`}
      refused={lastOwner ? LAST_OWNER : undefined}
    >
      <p className="mt-3">
        {yourself
          ? "You will be signed out and can no longer use the staff area."
          : "They will be signed out at their next step and can no longer use the staff area. You can invite them again later."}
      </p>
    </Confirmation>
  );
}
