import { cacheControl } from "~/platform/cache-control";
import { site } from "~/site/site";

/** The shell's black (`--color-shell`), so a launched app opens without a flash. */
const shellColour = "#000000";

/** The web app manifest, for "Add to Home Screen" and installed launches. */
const manifest = {
  name: site.name,
  short_name: site.shortName,
  description: site.description,
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

export function loader() {
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json",
      "Cache-Control": cacheControl.publicFile,
    },
  });
}
