import { z } from "zod";
import { lineSchema, rowIdSchema, textSchema } from "~/platform/forms/field-rules";
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
  rules: async () =>
    z.object({
      subject: lineSchema({
        max: SUBJECT_MAX,
        required: "Enter the subject, the line people see in their inbox.",
        tooLong: `Keep the subject to ${SUBJECT_MAX} characters or fewer.`,
      }),
      body: textSchema({
        max: BODY_MAX,
        tooLong: `Keep the text to ${BODY_MAX.toLocaleString("en-CA")} characters or fewer.`,
      }).refine((body) => body.trim().length > 0, "Write the newsletter's text."),
      intent: z.enum(DRAFT_INTENTS).catch("save"),
    }),
});

/** The buttons of a newsletter's page that act on it as it is saved. */
export const SEND_TEST = "send-test";
export const SEND = "send";
export const STOP = "stop";
export const COPY = "copy";

export const newsletterActionForm = defineForm({
  id: "newsletter-action",
  fields: ["intent", "id"],
  intents: [SEND_TEST, SEND, STOP, COPY],
  labels: {},
  rules: async () => z.object({ intent: z.enum([SEND_TEST, SEND, STOP, COPY]), id: rowIdSchema }),
});
