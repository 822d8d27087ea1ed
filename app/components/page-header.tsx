import type { ReactNode } from "react";
import { cn } from "~/platform/cn";

/**
 * The heading band at the top of a page; `compact` where what the page is
 * for (the menu's dishes) must show on the first screen below it.
 */
export function PageHeader({
  eyebrow,
  title,
  compact = false,
  children,
}: {
  eyebrow?: string;
  title: string;
  compact?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="border-b border-border bg-card">
      <div
        className={cn(
          "mx-auto max-w-6xl px-4 sm:px-6",
          compact ? "py-5 sm:py-8" : "py-14 sm:py-20",
        )}
      >
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-[0.2em] text-primary uppercase">{eyebrow}</p>
        ) : null}
        <h1
          className={cn(
            "leading-[1.05] tracking-tight",
            compact ? "mt-1 text-4xl sm:mt-2 sm:text-5xl" : "mt-3 text-4xl sm:text-6xl",
          )}
        >
          {title}
        </h1>
        {children ? (
          <div
            className={cn(
              "max-w-2xl text-muted-foreground",
              compact ? "mt-2 sm:mt-3 sm:text-lg" : "mt-5 text-lg sm:text-xl",
            )}
          >
            {children}
          </div>
        ) : null}
      </div>
    </div>
  );
}
