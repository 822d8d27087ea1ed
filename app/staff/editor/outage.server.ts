import { data } from "react-router";

/**
 * What the staff area answers when what it depends on (the database, or the
 * sign-in service) cannot be reached: a 503 that says nothing was saved, and,
 * for a form, that form again as it was sent, so nothing typed is lost
 * (`staffAction`).
 */

/** How long staff are asked to wait before trying again. */
export const OUTAGE_RETRY_AFTER_SECONDS = "30";

/** The answers made by `outageAnswer`, each with what could not be reached. */
const outageAnswers = new WeakMap<object, string>();

/**
 * The answer thrown when `reason` (a sentence: "The database cannot be
 * reached just now.") keeps a staff request from going on. Thrown, it is the
 * error page; a form's action answers with the form instead.
 */
export function outageAnswer(reason: string) {
  const answer = data(`${reason} Nothing was saved. Please try again in a minute.`, {
    status: 503,
    headers: { "Retry-After": OUTAGE_RETRY_AFTER_SECONDS },
  });
  outageAnswers.set(answer, reason);
  return answer;
}

/** Why an outage answer was thrown, or null for anything else. */
export function outageReason(thrown: unknown): string | null {
  return (typeof thrown === "object" && thrown !== null && outageAnswers.get(thrown)) || null;
}

/** Why the database is out of reach, in the words staff read. */
export const DATABASE_UNREACHABLE = "The database cannot be reached just now.";

/** Said over a form given back because of an outage. */
export function nothingSavedMessage(reason: string): string {
  return `${reason} Nothing was saved, and what you entered is still here: save again in a minute.`;
}
