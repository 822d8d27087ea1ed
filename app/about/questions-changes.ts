import { column, named, type TableWords } from "~/platform/change-words";

/** How a change to the questions people ask is told in the recent changes. */
export const questionsChanges = {
  questions: {
    subject: (row) => named("question", row.question),
    columns: {
      question: column.text("Question"),
      answer: column.text("Answer"),
      published: column.published,
      sort_order: column.order,
    },
  },
} satisfies Record<string, TableWords>;
