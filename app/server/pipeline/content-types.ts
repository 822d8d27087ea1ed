const contentTypes: Record<string, string> = {
  ".avif": "image/avif",
  ".css": "text/css; charset=utf-8",
  ".gif": "image/gif",
  ".html": "text/html; charset=utf-8",
  ".ico": "image/x-icon",
  ".jpeg": "image/jpeg",
  ".jpg": "image/jpeg",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".xml": "application/xml; charset=utf-8",
};

export function contentTypeFor(path: string): string {
  const extension = path.slice(path.lastIndexOf(".")).toLowerCase();
  return contentTypes[extension] ?? "application/octet-stream";
}

/**
 * Types worth compressing, and whose bodies are read whole (to compress them
 * once, or fill their holes): text, and SVG (which is text). Not an event
 * stream: it never ends, and a compressor would hold its events back.
 */
export function isCompressible(contentType: string | null): boolean {
  if (!contentType) return false;
  const type = contentType.split(";", 1)[0]?.trim().toLowerCase() ?? "";
  if (type === "text/event-stream") return false;
  return (
    type.startsWith("text/") ||
    type === "application/json" ||
    type === "application/manifest+json" ||
    type === "application/xml" ||
    type === "application/ld+json" ||
    type === "image/svg+xml" ||
    type === "text/x-component"
  );
}
