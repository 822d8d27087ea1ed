import { defineForm, type FormSpec } from "~/platform/forms/form-spec";

/**
 * The staff list's words and limits, shared by the server, the page and the
 * forms' rules.
 */

/** The staff list's address. */
export const PEOPLE_PATH = "/staff/people";

export const STAFF_ROLES = ["owner", "editor"] as const;
/** What a member may be: an owner or an editor. */
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A role as the list names it. */
export const roleLabel = (role: StaffRole) => (role === "owner" ? "Owner" : "Editor");

/** The invitation form's fields. */
export const inviteFields = ["email", "role"] as const;
export type InviteField = (typeof inviteFields)[number];

/** What each role may do, as the list explains it. */
export const ROLE_DESCRIPTIONS = {
  owner: "Manages the staff, edits the site and handles enquiries.",
  editor: "Edits the site and handles enquiries.",
} as const satisfies Record<StaffRole, string>;

/** Why an editor cannot change the staff list. */
export const OWNERS_ONLY = "Only an owner can invite, change or remove staff.";

/** Why the last owner stays an owner. */
export const LAST_OWNER = "The site needs at least one owner. Make someone else an owner first.";

const peopleRules = () => import("./people-forms");

/** Inviting someone: their email, and what they may do. */
export const inviteForm = defineForm({
  id: "invite",
  fields: [...inviteFields, "send"],
  intents: ["invite"],
  labels: { email: "Email", role: "Role" },
  verb: "invite",
  rules: () => peopleRules().then((rules) => rules.inviteSchema),
});

/** The rules of the forms on a member's row (people-forms.ts), by their buttons' intent. */
type RowSchemas = Awaited<ReturnType<typeof peopleRules>>["rowSchemas"];

/** A form of a member's row: the intent its buttons post tells it apart, and names its rules. */
function rowForm<const Field extends string, Intent extends keyof RowSchemas>(
  id: string,
  fields: readonly Field[],
  intent: Intent,
): FormSpec<Field, RowSchemas[Intent]> {
  return {
    id,
    fields,
    intents: [intent],
    labels: {},
    rules: () => peopleRules().then((found) => found.rowSchemas[intent]),
  };
}

/** A fresh link for a member: copied, or emailed as well. */
export const memberLinkForm = rowForm("member-link", ["userId", "send"], "link");

export const roleChangeForm = rowForm("role-change", ["userId", "role"], "role");

export const removalForm = rowForm("removal", ["userId"], "remove");
