import {
  EditorHeading,
  EditorListItem,
  EditorSection,
  MoveForm,
  SampleBadge,
  StatusBadge,
} from "~/platform/ui/editor-parts";
import type { EditableQuestion } from "./questions-editor";

/** A question's place on the staff list, so a post without scripts comes back to it. */
export const questionAnchor = (id: number) => `question-${id}`;

/** The staff list of the questions people ask, in the About page's order. */
export function QuestionsList({ questions }: { questions: readonly EditableQuestion[] }) {
  return (
    <>
      <EditorHeading
        title="Questions people ask"
        intro="Answered on the About page in this order, after which come parking and the buses, from the site's settings. Hidden ones stay here but not on the site."
        addTo="/staff/questions/new"
        addLabel="Add a question"
      />
      <EditorSection id="questions" title="On the About page">
        {questions.length === 0 ? (
          <p className="mt-2 text-muted-foreground">No questions yet.</p>
        ) : (
          <ul
            aria-label="Questions people ask"
            className="mt-3 divide-y divide-border border-y border-border"
          >
            {questions.map((question, index) => (
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
                move={
                  <MoveForm
                    fields={{ id: question.id }}
                    name={question.question}
                    first={index === 0}
                    last={index === questions.length - 1}
                  />
                }
              />
            ))}
          </ul>
        )}
      </EditorSection>
    </>
  );
}
