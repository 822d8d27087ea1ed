import { ChevronRightIcon } from "lucide-react";
import {
  EditorHeading,
  EditorSection,
  MoveForm,
  SampleBadge,
  StatusBadge,
} from "~/platform/ui/editor-parts";
import { Link } from "~/platform/ui/link";
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
              <li
                key={question.id}
                id={questionAnchor(question.id)}
                className="flex scroll-mt-28 items-center gap-2"
              >
                <Link
                  to={`/staff/questions/${question.id}`}
                  className="group flex min-h-14 min-w-0 flex-1 items-center gap-3 py-3 hover:bg-muted/60 sm:px-2"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block text-lg font-semibold break-words text-foreground underline-offset-4 group-hover:underline">
                      {question.question}
                    </span>
                    <span className="mt-0.5 line-clamp-2 break-words text-muted-foreground">
                      {question.answer}
                    </span>
                    {!question.published || question.sample ? (
                      <span className="mt-1.5 flex flex-wrap gap-2">
                        {question.sample ? <SampleBadge /> : null}
                        {!question.published ? (
                          <StatusBadge tone="warning">Hidden</StatusBadge>
                        ) : null}
                      </span>
                    ) : null}
                  </span>
                  <ChevronRightIcon
                    aria-hidden="true"
                    className="size-5 shrink-0 text-muted-foreground"
                  />
                </Link>
                <MoveForm
                  fields={{ id: question.id }}
                  name={question.question}
                  first={index === 0}
                  last={index === questions.length - 1}
                />
              </li>
            ))}
          </ul>
        )}
      </EditorSection>
    </>
  );
}
