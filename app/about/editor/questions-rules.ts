import { z } from "zod";
import { withThousands } from "~/platform/thousands";
import { checkboxSchema, lineSchema, textSchema } from "~/platform/forms/field-rules";
import { ANSWER_MAX, QUESTION_MAX } from "./questions-editor";

/**
 * The rules of the questions' editor: one schema run by the action and,
 * loaded on first use, by the browser. They mirror the table's checks (a
 * question and an answer, neither empty).
 */
export const questionSchema = z
  .object({
    question: lineSchema({
      max: QUESTION_MAX,
      required: "Enter the question.",
      tooLong: `Keep the question to ${QUESTION_MAX} characters or fewer.`,
    }),
    answer: textSchema({
      max: ANSWER_MAX,
      tooLong: `Keep the answer to ${withThousands(ANSWER_MAX)} characters or fewer.`,
    }).refine((answer) => answer !== "", "Enter the answer."),
    hidden: checkboxSchema,
  })
  .transform((question) => ({
    question: question.question,
    answer: question.answer,
    published: !question.hidden,
  }));

/** A question as saved. */
export type QuestionInput = z.output<typeof questionSchema>;
