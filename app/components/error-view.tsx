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
 * The title an error view gives a status: the seed's "Page Not Found" and
 * "Internal Server Error" for 404 and 500 (and any other server fault), and
 * each other status its own words, so a refused method is never called a
 * server error.
 */
const STATUS_TITLES: Readonly<Record<number, string>> = {
  400: "Bad Request",
  403: "Forbidden",
  404: "Page Not Found",
  405: "Method Not Allowed",
  410: "Gone",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export function errorTitle(status: number): string {
  return STATUS_TITLES[status] ?? (status >= 500 ? "Internal Server Error" : "Bad Request");
}

function errorDescription(status: number): string {
  if (status === 405) {
    return "This page has no form to send to. If a link or form on this site brought you here, please go back and try again.";
  }
  if (status === 503) {
    return "The site is busy or restarting just now. Please try again in a moment.";
  }
  return status >= 500
    ? "Something went wrong on our side and the page could not be shown. Please try again in a moment."
    : "That request could not be handled here. If a link on this site brought you, please go back and try again.";
}

/**
 * Any other failure, titled by its status. Internal details are shown to
 * developers only, never in production.
 */
export function ServerErrorView({ status = 500, error }: { status?: number; error?: unknown }) {
  const { pathname, search } = useLocation();
  const details =
    import.meta.env.DEV && error instanceof Error ? (error.stack ?? error.message) : null;
  return (
    <ErrorLayout
      status={status}
      title={errorTitle(status)}
      actions={
        status >= 500 ? (
          <a href={`${pathname}${search}`} className={buttonVariants({ variant: "outline" })}>
            Try again
          </a>
        ) : null
      }
    >
      <p>{errorDescription(status)}</p>
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
