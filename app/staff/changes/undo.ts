import { CONTENT_TABLES, type AuditEntry, type UndoOffer } from "./recent-changes";

/**
 * Which changes an owner may undo from the recent changes, and the words for
 * those they may not. Shared by the list (whether to offer Undo) and the
 * undo itself, which checks again against the row as it is now.
 */

export const CHANGES_PATH = "/staff/changes";

export const UNDO_WORDS = {
  ownersOnly: "Only owners can undo changes. Ask an owner if something needs putting back.",
  changedSince: "Changed again since — undo the later change first.",
  undoneAlready: "Undone already.",
  notHere:
    "Changes to the staff list, enquiries and uploads are not undone here: make the change again where it was made.",
  missing: "That change is not in the list of changes, so nothing was undone.",
  badId: "Nothing was undone: choose a change from the list to undo.",
  badIntent: "Nothing was done: the only thing this page does is undo a change.",
} as const;

/** The state of a change and what came after it, as the log says. */
export type UndoFacts = Pick<AuditEntry, "tableName" | "operation"> & {
  /** Whether a later change undid this one. */
  undone: boolean;
  /** Whether the same row changed again after this change. */
  changedSince: boolean;
};

/** Whether a change may be undone from the list by this member, and if not, why. */
export function undoOffer(facts: UndoFacts, { owner }: { owner: boolean }): UndoOffer {
  if (!owner || !undoable(facts)) return { state: "none" };
  if (facts.undone) return { state: "refused", reason: UNDO_WORDS.undoneAlready };
  if (facts.changedSince) return { state: "refused", reason: UNDO_WORDS.changedSince };
  return { state: "offered" };
}

/** Whether a change is of a kind undone here: content, and the site settings only as edits. */
export function undoable({ tableName, operation }: Pick<AuditEntry, "tableName" | "operation">) {
  if (!(tableName in CONTENT_TABLES)) return false;
  return tableName !== "site_settings" || operation === "UPDATE";
}
