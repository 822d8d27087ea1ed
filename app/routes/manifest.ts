import { cacheControl } from "~/platform/cache-control";
import type { Route } from "./+types/manifest";
import { siteContent } from "~/site/site-content.server";

/** The shell's black (`--color-shell`), so a launched app opens without a flash. */
const shellColour = "#000000";

/** What the manifest says whatever the site is called. */
const fixed = {
  start_url: "/",
  scope: "/",
  display: "standalone",
  lang: "en-CA",
  dir: "ltr",
  background_color: shellColour,
  theme_color: shellColour,
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
    {
      src: "/icons/icon-maskable-512.png",
      sizes: "512x512",
      type: "image/png",
      purpose: "maskable",
    },
    { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
  ],
  categories: ["food", "lifestyle"],
};

/**
 * The web app manifest, for "Add to Home Screen" and installed launches: the
 * name, short name and description from the site settings.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { name, shortName, description } = await siteContent(context).settings();
  const manifest = { name, short_name: shortName, description, ...fixed };
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json",
      "Cache-Control": cacheControl.publicFile,
    },
  });
}
