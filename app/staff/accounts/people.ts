/**
 * The staff list's words and limits, shared by the server, the page and the
 * forms' rules.
 */

/** The staff list's address. */
export const PEOPLE_PATH = "/staff/people";

export const STAFF_ROLES = ["owner", "editor"] as const;

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
