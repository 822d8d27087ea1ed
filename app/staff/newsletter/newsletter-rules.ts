import { z } from "zod";
import { lineSchema, rowIdSchema, textSchema } from "~/platform/forms/field-rules";
import { BODY_MAX, DRAFT_INTENTS, NEWSLETTER_ACTIONS, SUBJECT_MAX } from "./newsletter-forms";

/** The newsletter forms' rules, loaded when a form is first used (and by the server). */

export const draftSchema = z.object({
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
});

export const newsletterActionSchema = z.object({
  intent: z.enum(NEWSLETTER_ACTIONS),
  id: rowIdSchema,
  // When the text a send was asked about was saved (ISO, as the page had it).
  saved: z.string().max(40).optional(),
});
