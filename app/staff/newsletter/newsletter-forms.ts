import { defineForm } from "~/platform/forms/form-spec";

/** The newsletter pages' forms, for the server and the browser alike. */

export const SUBJECT_MAX = 150;
export const BODY_MAX = 20_000;

/** What the draft form's buttons do: save it, or drop a block into its text. */
export const INSERT_SPECIALS = "insert-specials";
export const INSERT_EVENTS = "insert-events";
export const DRAFT_INTENTS = ["save", INSERT_SPECIALS, INSERT_EVENTS] as const;

export const draftForm = defineForm({
  id: "newsletter",
  fields: ["subject", "body", "intent"],
  labels: { subject: "Subject", body: "Text" },
  verb: "save",
  rules: () => import("./newsletter-rules").then((rules) => rules.draftSchema),
});

/** The buttons of a newsletter's page that act on it as it is saved. */
export const SEND_TEST = "send-test";
export const SEND = "send";
export const STOP = "stop";
export const COPY = "copy";
export const DELETE = "delete";
export const NEWSLETTER_ACTIONS = [SEND_TEST, SEND, STOP, COPY, DELETE] as const;

export const newsletterActionForm = defineForm({
  id: "newsletter-action",
  // `saved`: with a send, when the text asked about was saved.
  fields: ["intent", "id", "saved"],
  intents: NEWSLETTER_ACTIONS,
  labels: {},
  rules: () => import("./newsletter-rules").then((rules) => rules.newsletterActionSchema),
});
