import { z } from "zod";
import { withThousands } from "~/platform/thousands";
import { characterCount, cleanText, overLimitMessage } from "~/platform/forms/typed-input";
import { IMPORT_TEXT_MAX } from "./menu-import";

/** The paste itself: some text, within its limit. Each row's own rules are the dish form's. */
export const importSchema = z.object({
  rows: z
    .string({ error: "Paste the rows from your spreadsheet, with its first row of column names." })
    .transform(cleanText)
    .superRefine((rows, context) => {
      if (rows === "") {
        context.addIssue({
          code: "custom",
          message: "Paste the rows from your spreadsheet, with its first row of column names.",
        });
      } else if (characterCount(rows) > IMPORT_TEXT_MAX) {
        context.addIssue({
          code: "custom",
          message: overLimitMessage(
            `Paste at most ${withThousands(IMPORT_TEXT_MAX)} characters at a time: split the sheet in two.`,
            rows,
          ),
        });
      }
    }),
});
