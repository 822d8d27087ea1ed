import { defineForm } from "~/platform/forms/form-spec";

/**
 * The staff list's words and limits, shared by the server, the page and the
 * forms' rules.
 */

/** The staff list's address. */
export const PEOPLE_PATH = "/staff/people";

export const STAFF_ROLES = ["owner", "editor"] as const;

/** A role as the list names it. */
export const roleLabel = (role: (typeof STAFF_ROLES)[number]) =>
  role === "owner" ? "Owner" : "Editor";

/** The invitation form's fields. */
export const inviteFields = ["email", "role"] as const;
export type InviteField = (typeof inviteFields)[number];

/** What each role may do, as the list explains it. */
export const ROLE_DESCRIPTIONS = {
  owner: "Manages the staff, edits the site and handles enquiries.",
  editor: "Edits the site and handles enquiries.",
} as const satisfies Record<(typeof STAFF_ROLES)[number], string>;

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

/** A fresh link for a member: copied, or emailed as well. */
export const memberLinkForm = defineForm({
  id: "member-link",
  fields: ["userId", "send"],
  intents: ["link"],
  labels: {},
  rules: () => peopleRules().then((rules) => rules.memberLinkSchema),
});

export const roleChangeForm = defineForm({
  id: "role-change",
  fields: ["userId", "role"],
  intents: ["role"],
  labels: {},
  rules: () => peopleRules().then((rules) => rules.roleChangeSchema),
});

export const removalForm = defineForm({
  id: "removal",
  fields: ["userId"],
  intents: ["remove"],
  labels: {},
  rules: () => peopleRules().then((rules) => rules.removalSchema),
});
