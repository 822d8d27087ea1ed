/**
 * What the footer's sign-up on every page needs, apart from the newsletter's
 * other words: this module rides in the scripts every visitor loads, the
 * rest of the newsletter's only with its own pages.
 */
/** The sign-up page, where the footer's form posts and a refused post is answered. */
export const SIGN_UP_PATH = "/newsletter";

/** The sign-up page's query once a request is sent: `?step=sent` (the page then says what comes next). */
export const SIGN_UP_STEP = { key: "step", sent: "sent" } as const;

/**
 * What the sign-ups show beside their button, the consent a press gives:
 * stored word for word with each request.
 */
export const SIGN_UP_WORDING =
  "Send me the pub's newsletter about events and specials, about once a month. I can unsubscribe at any time.";

/** The sign-ups' hidden spam trap: a field only automated spam fills in. */
export const SIGN_UP_TRAP_FIELD = "website";
