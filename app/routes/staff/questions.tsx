import type { Route } from "./+types/questions";
import { CleanSlate } from "~/staff/editor/clean-slate-form";
import { cleanSlate } from "~/staff/editor/clean-slate.server";
import { QUESTION_ROWS, listQuestions } from "~/about/editor/questions-editor.server";
import { QuestionsList, questionAnchor } from "~/about/editor/questions-page";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { readAsStaff } from "~/staff/editor/editor.server";
import { moveRows } from "~/staff/editor/move-rows.server";
import { staffAction } from "~/staff/editor/staff-action.server";
import { staffMeta } from "~/staff/staff-meta";

export async function loader({ context }: Route.LoaderArgs) {
  const questions = await readAsStaff(context, (tx) => listQuestions(tx));
  return { questions };
}

/** Moves a question up or down the list. */
export const action = staffAction([
  moveRows(QUESTION_ROWS, (_, id) => `/staff/questions#${questionAnchor(id)}`),
  cleanSlate("questions", "/staff/questions"),
]);

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Questions", matches);
export const headers = staffPageHeaders;

export default function QuestionsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <QuestionsList questions={loaderData.questions} />
      <CleanSlate
        count={loaderData.questions.filter((question) => question.sample).length}
        what={{ one: "question", many: "questions" }}
        actionData={actionData}
      />
    </>
  );
}
