import { ChevronDownIcon } from "lucide-react";

/** Questions people ask, each opening on its answer; they work without JavaScript. */
export function QuestionList({
  entries,
}: {
  entries: readonly { question: string; answer: string }[];
}) {
  return (
    <div className="mt-8 divide-y divide-border border-y border-border">
      {entries.map((entry) => (
        <details key={entry.question} className="group">
          <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-3 text-lg font-semibold [&::-webkit-details-marker]:hidden">
            {entry.question}
            <ChevronDownIcon
              aria-hidden="true"
              className="size-5 shrink-0 transition-transform group-open:rotate-180"
            />
          </summary>
          <p className="pb-5 text-muted-foreground">{entry.answer}</p>
        </details>
      ))}
    </div>
  );
}
