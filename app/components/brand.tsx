import { Link } from "~/components/link";
import { cn } from "~/lib/cn";
import { site } from "~/lib/site";

/** The wordmark: the pub's short name over "Pub & Grill". */
export function Brand({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn("group inline-flex flex-col leading-none text-shell-foreground", className)}
    >
      <span className="font-display text-[1.625rem] tracking-tight group-hover:text-white">
        {site.shortName}
      </span>
      <span className="mt-1 text-[0.6875rem] font-semibold tracking-[0.32em] text-shell-accent uppercase">
        {site.tagline}
      </span>
      <span className="sr-only">, home</span>
    </Link>
  );
}
