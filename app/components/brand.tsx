import { Link } from "~/platform/ui/link";
import { cn } from "~/platform/cn";
import { useSiteIdentity } from "~/site/site-frame";

/** The wordmark: the site's short name over its tagline (site_settings). */
export function Brand({ className }: { className?: string }) {
  const site = useSiteIdentity();
  return (
    <Link
      to="/"
      className={cn("group inline-flex flex-col leading-none text-shell-foreground", className)}
    >
      <span className="font-display text-[1.625rem] tracking-tight group-hover:text-white">
        {/* While the site's details cannot be read, the way home is still named. */}
        {site?.shortName ?? "Home"}
      </span>
      {site?.tagline ? (
        <span className="mt-1 text-[0.6875rem] font-semibold tracking-[0.32em] text-shell-accent uppercase">
          {site.tagline}
        </span>
      ) : null}
      {site ? <span className="sr-only">, home</span> : null}
    </Link>
  );
}
