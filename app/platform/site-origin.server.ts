import { env } from "./env.server";

/** The site's public origin: SITE_URL, or the request's own when it is unset. */
export function siteOrigin(request: Request): string {
  return env.SITE_URL ?? new URL(request.url).origin;
}

/** The names by which a request reaches this machine's own loopback interface, exactly. */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The ports this process's HTTP listeners listen on, as they report them. */
const listeningPorts = new Set<number>();

/** Called by a listener once it listens: the port a loopback request to it names. */
export function listensOn(port: number): void {
  listeningPorts.add(port);
}

/**
 * The origin that links to the staff pages (invitations, reset and recovery
 * links, in mail and on the page) may name: SITE_URL, or, without it, the
 * request's own when it reached this server over loopback, by exactly
 * `localhost`, `127.0.0.1` or `[::1]` and the port the server listens on (a
 * site run on this machine). Null otherwise: a request's Host is chosen by
 * whoever sends it, and a link made for someone else must not lead them to it.
 */
export function staffLinkOrigin(request: Request): string | null {
  if (env.SITE_URL) return new URL(env.SITE_URL).origin;
  const url = new URL(request.url);
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  const ports = listeningPorts.size > 0 ? listeningPorts : new Set([env.PORT]);
  return LOOPBACK_HOSTS.has(url.hostname) && ports.has(port) ? url.origin : null;
}

/** What an owner is told when a link cannot be made for want of SITE_URL. */
export function staffLinksNeedSiteUrl(): string {
  const port = [...listeningPorts][0] ?? env.PORT;
  return `Links to the staff pages need the site's address. Set SITE_URL on the server (for example https://your-site.example), or open this page at http://localhost:${port} on the server's own machine.`;
}
