import { XIcon } from "lucide-react";
import { cn } from "~/platform/cn";
import { Link } from "~/platform/ui/link";
import { DIETARY_LABELS } from "./menu";
import type { MenuFilter } from "./menu-filter";

/** "3 vegan items matching “wings”" */
function resultSummary(count: number, filter: MenuFilter): string {
  const what = filter.diet ? `${DIETARY_LABELS[filter.diet].toLowerCase()} ` : "";
  const noun = count === 1 ? "item" : "items";
  const matching = filter.query ? ` matching “${filter.query}”` : "";
  return `${count} ${what}${noun}${matching}`;
}

/** How many items the menu shows, and what they match, announced as it changes; a way back to all of it. */
export function MenuResults({
  itemCount,
  filter,
  filtered,
}: {
  itemCount: number;
  filter: MenuFilter;
  /** Whether a diet or a search narrows the menu. */
  filtered: boolean;
}) {
  return (
    // Unfiltered, a phone leaves the count to screen readers: the dishes come first.
    <div
      className={cn(
        "flex min-h-11 flex-wrap items-center justify-between gap-x-3",
        !filtered && "max-md:sr-only",
      )}
    >
      <p role="status" className="font-semibold">
        {filtered ? `Showing ${resultSummary(itemCount, filter)}` : `${itemCount} items`}
      </p>
      {filtered ? (
        <Link
          to="/menu"
          className="inline-flex min-h-11 items-center gap-1 font-semibold text-primary underline underline-offset-4"
        >
          <XIcon aria-hidden="true" className="size-4" />
          Clear filters
        </Link>
      ) : null}
    </div>
  );
}
