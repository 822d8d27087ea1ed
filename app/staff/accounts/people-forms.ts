import { z } from "zod";
import { emailSchema } from "~/platform/forms/field-rules";
import { STAFF_ROLES } from "./people";

export { inviteFields, type InviteField } from "./people";

/**
 * The staff list's forms: inviting someone, changing a role, removing a
 * member. The same schemas check a post on the server and the invitation in
 * the browser (loaded there on first use, so zod stays out of the first
 * scripts).
 */

const role = z.enum(STAFF_ROLES, { error: "Choose owner or editor." });
const lowerCase = (value: string) => value.toLowerCase();
const member = z.uuid({ error: "That staff member is not on the list." });

export const inviteSchema = z.object({
  email: emailSchema({ required: "Enter their email address." }).transform(lowerCase),
  role,
});

/** The rules of the forms on a member's row, by the intent their buttons post. */
export const rowSchemas = {
  /** A fresh link for a member: copied, or emailed as well (`send=email`). */
  link: z.object({
    userId: member,
    // Empty: a form that offers no choice copies it.
    send: z.enum(["", "copy", "email"], { error: "Choose to copy the link or email it." }),
  }),
  role: z.object({ userId: member, role }),
  remove: z.object({ userId: member }),
};
