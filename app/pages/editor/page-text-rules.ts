import { z } from "zod";
import { ALT_TEXT_REQUIRED } from "~/images/uploads";
import { withThousands } from "~/platform/thousands";
import { textSchema } from "~/platform/forms/field-rules";
import { lineSchema } from "~/platform/forms/field-rules";
import { ASIDE_MAX, BODY_MAX, DESCRIPTION_MAX, IMAGE_ALT_MAX } from "./page-text-editor";

/**
 * The rules of a page's words: one schema run by the action and, loaded on
 * first use, by the browser. A page always has its line (the table says so
 * too); the longer texts may be empty, and the page then leaves them out.
 */
export const pageTextSchema = z
  .object({
    description: textSchema({
      max: DESCRIPTION_MAX,
      tooLong: `Keep the line to ${DESCRIPTION_MAX} characters or fewer.`,
    }).refine((description) => description !== "", "Enter the line under the heading."),
    body: textSchema({
      max: BODY_MAX,
      tooLong: `Keep this text to ${withThousands(BODY_MAX)} characters or fewer.`,
    }),
    aside: textSchema({
      max: ASIDE_MAX,
      tooLong: `Keep this text to ${withThousands(ASIDE_MAX)} characters or fewer.`,
    }),
    imageAlt: lineSchema({
      max: IMAGE_ALT_MAX,
      tooLong: `Keep the picture's description to ${IMAGE_ALT_MAX} characters or fewer.`,
    }),
    /** The file input: read by the upload step, not here. */
    image: z.string().optional().default(""),
    /** The picture the page has now (a hidden field), so the browser can ask for its description. */
    imageKept: z.string().optional().default(""),
    imageRemove: z.string().optional().default(""),
  })
  .superRefine((text, ctx) => {
    if (text.imageKept.trim() !== "" && text.imageRemove !== "on" && text.imageAlt === "") {
      ctx.addIssue({ code: "custom", path: ["imageAlt"], message: ALT_TEXT_REQUIRED });
    }
  })
  .transform((text) => ({
    description: text.description,
    body: text.body,
    aside: text.aside,
    imageAlt: text.imageAlt,
  }));

/** A page's words as saved. */
export type PageTextInput = z.output<typeof pageTextSchema>;
