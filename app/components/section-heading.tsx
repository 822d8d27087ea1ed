import type { ReactNode } from "react";
import { cn } from "~/platform/cn";

/** A page section's eyebrow, heading and optional line of context. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  className,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("max-w-2xl", className)}>
      {eyebrow ? (
        <p className="text-sm font-semibold tracking-[0.2em] text-primary uppercase">{eyebrow}</p>
      ) : null}
      <h2 id={id} className="mt-2 text-3xl tracking-tight sm:text-4xl">
        {title}
      </h2>
      {children ? <div className="mt-3 text-muted-foreground">{children}</div> : null}
    </div>
  );
}
