import { NO_SUCH_EVENT } from "./event-editor";

/**
 * Events a form may not be tied to, for the editors whose rows can be (a dish,
 * a special): how a test's title names it, the id posted, and what the form
 * says of it.
 */
export const REFUSED_EVENT_CHOICES = [
  ["not a number", "quiz", "Choose an event from the list, or none."],
  ["an event that is not there", "987654", NO_SUCH_EVENT],
] as const;
