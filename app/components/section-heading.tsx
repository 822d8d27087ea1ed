import { ArrowRightIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/platform/cn";
import { buttonVariants } from "~/platform/ui/button";
import { Link } from "~/platform/ui/link";

type SectionHeadingProps = {
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  className?: string;
};

/** A page section's eyebrow, heading and optional line of context. */
export function SectionHeading({ id, eyebrow, title, children, className }: SectionHeadingProps) {
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

/**
 * A section's heading with, at its end, a link to the page with the rest
 * ("Full menu", "All events"); the link goes under the heading where the
 * two do not fit side by side.
 */
export function SectionHeadingWithLink({
  link,
  ...heading
}: SectionHeadingProps & { link: { to: string; label: string } | null }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <SectionHeading {...heading} />
      {link ? (
        <Link to={link.to} className={buttonVariants({ variant: "outline" })}>
          {link.label}
          <ArrowRightIcon aria-hidden="true" />
        </Link>
      ) : null}
    </div>
  );
}
