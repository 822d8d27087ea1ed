import { env } from "./env.server";

/** The site's public origin: SITE_URL, or the request's own when it is unset. */
export function siteOrigin(request: Request): string {
  return env.SITE_URL ?? new URL(request.url).origin;
}
