import type { Database } from "~/platform/database/database.server";
import type { Question } from "./questions";

/** The published questions, in their order. */
export function getQuestions(db: Database): Promise<Question[]> {
  return db.query<Question>(
    `select id::int as id, question, answer
     from public.questions
     where published
     order by sort_order, id`,
  );
}
