import {
  EditorListItem,
  EditorSection,
  ReorderableHeading,
  ReorderRow,
  SampleBadge,
  StatusBadge,
} from "~/platform/ui/editor-parts";
import type { EditableQuestion } from "./questions-editor";

/** A question's place on the staff list, so a post without scripts comes back to it. */
export const questionAnchor = (id: number) => `question-${id}`;

/** The list's address; reorder mode is `?reorder=1` on it. */
export const QUESTIONS_PATH = "/staff/questions";

/**
 * The staff list of the questions people ask, in the About page's order; in
 * reorder mode, the questions and their move buttons only.
 */
export function QuestionsList({
  questions,
  reordering,
}: {
  questions: readonly EditableQuestion[];
  reordering: boolean;
}) {
  return (
    <>
      <ReorderableHeading
        path={QUESTIONS_PATH}
        reordering={reordering}
        title="Questions people ask"
        intro="Answered on the About page in this order, after which come parking and the buses, from the site's settings. Hidden ones stay here but not on the site."
        reorder={{
          title: "Questions: reorder",
          intro: "Move questions up or down; the About page asks them in the new order at once.",
          label: "Reorder the questions",
        }}
        add={{ to: "/staff/questions/new", label: "Add a question" }}
      />
      <EditorSection id="questions" title="On the About page">
        {questions.length === 0 ? (
          <p className="mt-2 text-muted-foreground">No questions yet.</p>
        ) : (
          <ul
            aria-label="Questions people ask"
            className="mt-3 divide-y divide-border border-y border-border"
          >
            {questions.map((question, index) =>
              reordering ? (
                <ReorderRow
                  key={question.id}
                  id={questionAnchor(question.id)}
                  path={QUESTIONS_PATH}
                  name={question.question}
                  hidden={!question.published}
                  fields={{ id: question.id }}
                  first={index === 0}
                  last={index === questions.length - 1}
                />
              ) : (
                <EditorListItem
                  key={question.id}
                  id={questionAnchor(question.id)}
                  to={`/staff/questions/${question.id}`}
                  title={question.question}
                  details={question.answer}
                  detailsClassName="line-clamp-2 break-words"
                  badges={
                    question.sample || !question.published ? (
                      <>
                        {question.sample ? <SampleBadge /> : null}
                        {!question.published ? (
                          <StatusBadge tone="warning">Hidden</StatusBadge>
                        ) : null}
                      </>
                    ) : undefined
                  }
                />
              ),
            )}
          </ul>
        )}
      </EditorSection>
    </>
  );
}
