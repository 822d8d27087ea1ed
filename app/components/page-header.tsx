import type { ReactNode } from "react";

/** The heading band at the top of a page. */
export function PageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="border-b border-border bg-card">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-[0.2em] text-primary uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="mt-3 text-4xl leading-[1.05] tracking-tight sm:text-6xl">{title}</h1>
        {children ? (
          <div className="mt-5 max-w-2xl text-lg text-muted-foreground sm:text-xl">{children}</div>
        ) : null}
      </div>
    </div>
  );
}
