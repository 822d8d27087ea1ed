import type { ReactNode } from "react";
import { cn } from "~/platform/cn";

/**
 * The heading band at the top of a page; `compact` where what the page is
 * for (the menu's dishes) must show on the first screen below it: its
 * eyebrow and the words below its title show from the small-tablet width
 * up, and `aside` (a line of state, a few links) sits beside the title.
 */
export function PageHeader({
  eyebrow,
  title,
  compact = false,
  aside,
  children,
}: {
  eyebrow?: string;
  title: string;
  compact?: boolean;
  aside?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="border-b border-border bg-card">
      <div
        className={cn(
          "mx-auto max-w-6xl px-4 sm:px-6",
          compact ? "py-2.5 sm:py-5" : "py-14 sm:py-20",
          aside ? "flex items-center justify-between gap-x-4 sm:items-end sm:gap-x-8" : null,
        )}
      >
        <div className="shrink-0 sm:shrink">
          {eyebrow ? (
            <p
              className={cn(
                "text-sm font-semibold tracking-[0.2em] text-primary uppercase",
                compact && "hidden sm:block",
              )}
            >
              {eyebrow}
            </p>
          ) : null}
          <h1
            className={cn(
              "leading-[1.05] tracking-tight",
              compact ? "text-4xl sm:mt-1 sm:text-5xl" : "mt-3 text-4xl sm:text-6xl",
            )}
          >
            {title}
          </h1>
          {children ? (
            <div
              className={cn(
                "max-w-2xl text-muted-foreground",
                compact ? "mt-2 hidden max-w-3xl text-lg sm:block" : "mt-5 text-lg sm:text-xl",
              )}
            >
              {children}
            </div>
          ) : null}
        </div>
        {aside}
      </div>
    </div>
  );
}
