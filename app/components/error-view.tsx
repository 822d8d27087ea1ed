import type { ReactNode } from "react";
import { isRouteErrorResponse, useLocation } from "react-router";
import { Link } from "~/platform/ui/link";
import { buttonVariants } from "~/platform/ui/button";
import { documentTitle } from "~/site/meta";
import { useSiteIdentity } from "~/site/site-frame";

function ErrorLayout({
  status,
  title,
  children,
  actions,
}: {
  status: number;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const siteName = useSiteIdentity()?.name;
  return (
    <section
      aria-labelledby="error-title"
      className="mx-auto flex max-w-6xl flex-col items-start px-4 py-20 sm:px-6 sm:py-28"
    >
      <title>{documentTitle(title, siteName)}</title>
      <p className="font-display text-7xl leading-none text-primary sm:text-8xl">{status}</p>
      <h1 id="error-title" className="mt-4 text-4xl tracking-tight sm:text-5xl">
        {title}
      </h1>
      <div className="mt-4 max-w-2xl text-lg text-muted-foreground">{children}</div>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/" className={buttonVariants()}>
          Back to home
        </Link>
        {actions}
      </div>
    </section>
  );
}

/** The path as the visitor typed it; React escapes it like any text. */
function readablePath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/** Status 404: nothing lives at this address. */
export function NotFoundView() {
  const pathname = readablePath(useLocation().pathname);
  return (
    <ErrorLayout status={404} title="Page Not Found">
      <p>
        There is no page at{" "}
        <code className="font-mono text-base break-all text-foreground">{pathname}</code>. It may
        have moved, or the address may have a typo.
      </p>
    </ErrorLayout>
  );
}

/**
 * Any other failure, under the seed's one title for everything but 404.
 * Internal details are shown to developers only, never in production.
 */
export function ServerErrorView({ status = 500, error }: { status?: number; error?: unknown }) {
  const { pathname, search } = useLocation();
  const details =
    import.meta.env.DEV && error instanceof Error ? (error.stack ?? error.message) : null;
  return (
    <ErrorLayout
      status={status}
      title="Internal Server Error"
      actions={
        <a href={`${pathname}${search}`} className={buttonVariants({ variant: "outline" })}>
          Try again
        </a>
      }
    >
      <p>
        {status >= 500
          ? "Something went wrong on our side and the page could not be shown. Please try again in a moment."
          : "That request could not be handled here. If a link on this site brought you, please go back and try again."}
      </p>
      {details ? (
        <pre className="mt-8 w-full overflow-x-auto bg-muted p-4 text-sm">{details}</pre>
      ) : null}
    </ErrorLayout>
  );
}

/** What an error boundary shows for whatever was thrown. */
export function RouteErrorView({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  const status = isRouteErrorResponse(error) && error.status >= 400 ? error.status : 500;
  return <ServerErrorView status={status} error={error} />;
}
