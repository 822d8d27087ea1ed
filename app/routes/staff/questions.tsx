import type { Route } from "./+types/questions";
import { CleanSlate } from "~/staff/editor/clean-slate-form";
import { cleanSlate } from "~/staff/editor/clean-slate.server";
import { QUESTION_ROWS, listQuestions } from "~/about/editor/questions-editor.server";
import { QUESTIONS_PATH, QuestionsList, questionAnchor } from "~/about/editor/questions-page";
import { isReordering } from "~/platform/ui/reorder-mode";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { readAsStaff } from "~/staff/editor/editor.server";
import { moveRows } from "~/staff/editor/move-rows.server";
import { staffAction } from "~/staff/editor/staff-action.server";
import { staffMeta } from "~/staff/staff-meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const questions = await readAsStaff(context, (tx) => listQuestions(tx));
  return { questions, reordering: isReordering(new URL(request.url).searchParams) };
}

/** Moves a question up or down the list, in reorder mode. */
export const action = staffAction([
  moveRows(QUESTIONS_PATH, QUESTION_ROWS, (_, id) => questionAnchor(id)),
  cleanSlate("questions", "/staff/questions"),
]);

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Questions", matches);
export const headers = staffPageHeaders;

export default function QuestionsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <QuestionsList {...loaderData} />
      {loaderData.reordering ? null : (
        <CleanSlate
          count={loaderData.questions.filter((question) => question.sample).length}
          what={{ one: "question", many: "questions" }}
          actionData={actionData}
        />
      )}
    </>
  );
}
