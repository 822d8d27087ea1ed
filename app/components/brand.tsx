import { Link } from "~/components/ui/link";
import { cn } from "~/platform/cn";
import { site } from "~/site/site";

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
