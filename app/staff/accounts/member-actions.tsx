import { KeyRoundIcon, LinkIcon, MailIcon, UserMinusIcon } from "lucide-react";
import { Form } from "react-router";
import { Button, buttonVariants } from "~/platform/ui/button";
import { Link } from "~/platform/ui/link";
import { neutraliseText } from "~/staff/display-text";
import { STAFF_ROLES, roleLabel } from "./people";
import type { StaffMember } from "./staff.server";

/** A member's role, changed in place, a fresh link, and the way to remove them (after a confirmation). */
export function MemberActions({ member }: { member: StaffMember }) {
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
 * A fresh link for a member: their invitation again while they have not
 * joined, a reset link once they have; shown to copy, or emailed as well.
 */
function LinkActions({ member }: { member: StaffMember }) {
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
