import { ArrowRightIcon, CircleDashedIcon } from "lucide-react";
import { Link } from "~/platform/ui/link";
import { neutraliseText } from "./display-text";
import type { ChecklistItem } from "./first-run";

/**
 * What of the sample content visitors still see, each line linking to where
 * it is changed; nothing at all once everything has been changed. Plain
 * links, so it works the same without scripts. Names in the links come from
 * rows staff typed: shown as text, hidden characters made visible.
 */
export function FirstRunChecklist({ items }: { items: readonly ChecklistItem[] }) {
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="first-run-heading"
      className="mt-6 max-w-prose border border-l-4 border-border border-l-primary p-4 sm:p-5"
    >
      <h2 id="first-run-heading" className="text-2xl tracking-tight">
        Replace the sample content
      </h2>
      <p className="mt-2">
        The site started with invented details to show how it looks, and visitors see them until you
        change them. Each line goes once it is done.{" "}
        <span className="font-semibold">
          {items.length === 1 ? "One thing left." : `${items.length} things left.`}
        </span>
      </p>
      <ul className="mt-4 divide-y divide-border border-y border-border">
        {items.map((item) => (
          <li key={item.key} className="flex gap-3 py-3">
            <CircleDashedIcon aria-hidden="true" className="mt-1 size-5 shrink-0" />
            <div className="min-w-0">
              <p className="break-words">{neutraliseText(item.says)}</p>
              <Link
                to={item.href}
                className="inline-block py-2.5 font-semibold break-words text-primary underline underline-offset-4 hover:no-underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {neutraliseText(item.action)}
                <ArrowRightIcon
                  aria-hidden="true"
                  className="ml-1 inline size-4 align-[-0.125em]"
                />
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
