import { UserPlusIcon } from "lucide-react";
import { CheckedForm } from "~/platform/forms/checked-form";
import { CheckboxField, SelectField } from "~/platform/forms/form-fields";
import { EmailField } from "./email-field";
import { ROLE_DESCRIPTIONS, STAFF_ROLES, inviteForm, roleLabel } from "./people";
import type { PeopleActionData } from "./people-page.server";
import { EMAIL_MAX } from "~/platform/forms/typed-input";

/** Inviting someone: their email and role; checked in the browser when it can, always on the server. */
export function InviteForm({ result }: { result: PeopleActionData | undefined }) {
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
            <EmailField {...field("email")} autoComplete="off" limit={EMAIL_MAX} />
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
