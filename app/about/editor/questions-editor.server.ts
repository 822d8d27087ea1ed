import { defineEditorStore } from "~/platform/forms/editor-spec";
import type { Database } from "~/platform/database/database.server";
import type { OrderedRows } from "~/platform/database/ordered-rows.server";
import { editorRowCheck, type TableRowRules } from "~/platform/forms/row-rules.server";
import { questionEditor, type EditableQuestion } from "./questions-editor";
import type { QuestionInput } from "./questions-rules";

/**
 * The questions editor's queries: every question (hidden ones too), one by
 * id, and the writes, in the transaction `writeAsStaff` opened.
 */

const columns = `id::int as id, question, answer, published, sample, sort_order as "sortOrder"`;

/** Every question, in the list's order. */
export function listQuestions(db: Database): Promise<EditableQuestion[]> {
  return db.query<EditableQuestion>(
    `select ${columns} from public.questions order by sort_order, id`,
  );
}

/** One question by id, or null. */
export async function getQuestion(db: Database, id: number): Promise<EditableQuestion | null> {
  const [row] = await db.query<EditableQuestion>(
    `select ${columns} from public.questions where id = $1`,
    [id],
  );
  return row ?? null;
}

/** Adds a question at the end of the list; its id. */
export async function addQuestion(tx: Database, input: QuestionInput): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `insert into public.questions (question, answer, published, sort_order)
     values ($1, $2, $3, (select coalesce(max(sort_order), 0) + 10 from public.questions))
     returning id::int as id`,
    [input.question, input.answer, input.published],
  );
  return row!.id;
}

/** Changes a question; false when there is none with that id. */
export async function updateQuestion(
  tx: Database,
  id: number,
  input: QuestionInput,
): Promise<boolean> {
  const rows = await tx.query(
    `update public.questions set question = $1, answer = $2, published = $3, sample = false,
       updated_at = now()
     where id = $4 returning id`,
    [input.question, input.answer, input.published, id],
  );
  return rows.length > 0;
}

/** Deletes a question; false when there was none. */
export async function deleteQuestion(tx: Database, id: number): Promise<boolean> {
  const rows = await tx.query("delete from public.questions where id = $1 returning id", [id]);
  return rows.length > 0;
}

/** The one list of questions. */
export const QUESTION_ROWS = {
  question: { table: "questions", name: "question" },
} as const satisfies Record<string, OrderedRows>;

export const questionStore = defineEditorStore(questionEditor, {
  rulesContext: () => undefined,
  find: getQuestion,
  save: async (tx, id, question) =>
    id === "new" ? addQuestion(tx, question) : (await updateQuestion(tx, id, question)) ? id : null,
  remove: deleteQuestion,
  deleted: () => ({ to: "/staff/questions", title: "Question deleted." }),
  savedTo: (id) => `/staff/questions#question-${id}`,
  shown: (question) => question.published,
});

/** What undoing a change to a question must keep: its editor's rules. */
export const questionsRowRules: TableRowRules = {
  questions: { check: editorRowCheck(questionEditor, questionStore) },
};
