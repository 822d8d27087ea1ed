import { defineEditor } from "~/platform/forms/editor-spec";
import { area, checkbox, text } from "~/platform/forms/field-specs";
import type { FormValues } from "~/platform/forms/form-check";
import { defineForm } from "~/platform/forms/form-spec";
import type { Question } from "../questions";

/**
 * What the editor of the questions people ask (on the About page) shares
 * between the server and the browser without the rules themselves.
 */

/** A question as staff see it: hidden ones too, with its place in the list. */
export type EditableQuestion = Question & {
  published: boolean;
  sample: boolean;
  sortOrder: number;
};

export const QUESTION_MAX = 150;
export const ANSWER_MAX = 1000;

export const questionFields = ["question", "answer", "hidden"] as const;
export type QuestionField = (typeof questionFields)[number];

/** The form's values for a saved question. */
export function questionValues(question: EditableQuestion): FormValues<QuestionField> {
  return {
    question: question.question,
    answer: question.answer,
    hidden: question.published ? "" : "on",
  };
}

export const questionForm = defineForm({
  id: "question",
  fields: questionFields,
  verb: "save",
  rules: () => import("./questions-rules").then((rules) => rules.questionSchema),
});

/** A question's editor, at /staff/questions/:id. */
export const questionEditor = defineEditor({
  form: questionForm,
  list: { path: "/staff/questions", label: "All questions" },
  title: (question: EditableQuestion | null) => question?.question ?? "Add a question",
  pageTitle: (question) => (question ? `Edit ${question.question.slice(0, 60)}` : "Add a question"),
  intro: "Asked and answered on the About page, in the list's order.",
  submit: { add: "Add the question", save: "Save changes" },
  remove: {
    what: (question) => `“${question.question}”`,
    consequence: "The question and its answer leave the About page.",
  },
  path: (id) => `/staff/questions/${id}`,
  values: questionValues,
  fields: () => [
    text("question", {
      label: "Question",
      hint: "As a visitor would ask it, such as: Is there a patio?",
      limit: QUESTION_MAX,
    }),
    area("answer", {
      label: "Answer",
      hint: "The house rule or the plain answer, in a few sentences.",
      limit: ANSWER_MAX,
    }),
    checkbox("hidden", {
      label: "Hidden",
      hint: "Kept here, not shown on the site.",
      optional: true,
    }),
  ],
});
