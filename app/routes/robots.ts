import { LIVE_STREAM_PATH } from "~/platform/live/live-paths";
import { env } from "~/platform/env.server";
import { cacheControl } from "~/platform/cache-control";
import type { Route } from "./+types/robots";

/** Resource routes that are not content (the live channel's streams among them), and the staff area. */
const NOT_CONTENT = ["/theme", "/build-info", "/healthz", LIVE_STREAM_PATH, "/staff"];

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...NOT_CONTENT.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${new URL("/sitemap.xml", origin).href}`,
    "",
  ].join("\n");
}

export function loader({ request }: Route.LoaderArgs) {
  const origin = env.SITE_URL ?? new URL(request.url).origin;
  return new Response(robotsTxt(origin), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": cacheControl.publicFile,
    },
  });
}
