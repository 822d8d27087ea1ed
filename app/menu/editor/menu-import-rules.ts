import { z } from "zod";
import { withThousands } from "~/platform/thousands";
import {
  characterCount,
  cleanLine,
  cleanText,
  overLimitMessage,
} from "~/platform/forms/typed-input";
import { IMPORT_MODES, IMPORT_TEXT_MAX, kilobytes, SHEET_FILE_BYTES } from "./menu-import";

/**
 * The import's rules: the paste within its limit and a choice of what the
 * rows do. Each row's own rules are the dish form's; the file is read by
 * the server (`readSheetFile`), which also asks for a file or a paste.
 */

const mode = z.enum(IMPORT_MODES, {
  error: "Choose what the rows do: add and update, only add, or replace a section.",
});

export const importSchema = z.object({
  // A file input's text is always empty; the file itself is read apart.
  file: z.string(),
  rows: z
    .string()
    .transform(cleanText)
    .superRefine((rows, context) => {
      if (characterCount(rows) > IMPORT_TEXT_MAX) {
        context.addIssue({
          code: "custom",
          message: overLimitMessage(
            `Paste at most ${withThousands(IMPORT_TEXT_MAX)} characters at a time: split the sheet in two, or choose it as a file.`,
            rows,
          ),
        });
      }
    }),
  mode,
});

/** A check's rows carried to the save: a file's text may be longer than a paste. */
export const importSaveSchema = z.object({
  rows: z
    .string()
    .transform(cleanText)
    .refine((rows) => rows !== "", "There are no rows to save. Check the rows again.")
    .refine(
      (rows) => new TextEncoder().encode(rows).length <= SHEET_FILE_BYTES,
      `The rows are more than ${kilobytes(SHEET_FILE_BYTES)}. Split the sheet in two.`,
    ),
  mode,
  fileName: z.string().transform(cleanLine),
  key: z.string().regex(/^[0-9a-f]{16}$/, "Check the rows first, then save what the check shows."),
});
