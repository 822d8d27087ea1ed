/** Where owners read the mail the site sends. */
export const OUTBOX_PATH = "/staff/outbox";

/** What anyone but an owner is told at the outbox. */
export const OWNERS_ONLY_OUTBOX =
  "Only the pub's owners can see the mail the site sends, as it holds visitors' details. Ask an owner if you need it.";
