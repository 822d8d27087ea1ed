/**
 * The security headers every response carries. Pure functions, shared by the
 * HTTP server (every response, static files included) and the root middleware
 * (the per-request Content-Security-Policy of documents).
 */

export type CspOptions = {
  /**
   * What lets the document's inline scripts run: the per-response nonce they
   * carry, or, for a document served to many visitors, the SHA-256 hash of
   * each one (base64, as `inlineScriptHashes` gives them).
   */
  scripts: { nonce: string } | { hashes: readonly string[] };
  /** Served over HTTPS (directly or behind a trusted proxy). */
  https: boolean;
  /** The development server needs its hot-reload socket. */
  development?: boolean;
  /** Turnstile's origin, when the forms show its widget (a script and an iframe from there). */
  turnstileOrigin?: string;
};

export function contentSecurityPolicy({
  scripts,
  https,
  development,
  turnstileOrigin,
}: CspOptions): string {
  const turnstile = turnstileOrigin ? [turnstileOrigin] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // 'strict-dynamic' lets the nonce-bearing (or hashed) module script load
    // the route chunks it imports; nothing else, inline or injected, may run.
    // Turnstile's origin is listed for browsers that predate 'strict-dynamic'.
    "script-src": [
      "'self'",
      ...("nonce" in scripts
        ? [`'nonce-${scripts.nonce}'`]
        : scripts.hashes.map((hash) => `'sha256-${hash}'`)),
      "'strict-dynamic'",
      ...turnstile,
    ],
    // Toasts and Radix position themselves with inline styles.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'"],
    "connect-src": development ? ["'self'", "ws:", "wss:"] : ["'self'"],
    "manifest-src": ["'self'"],
    "frame-src": turnstile.length > 0 ? turnstile : ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  const policy = Object.entries(directives).map(
    ([name, sources]) => `${name} ${sources.join(" ")}`,
  );
  if (https) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

/** A locked-down policy for responses that are not our documents. */
export const fallbackContentSecurityPolicy =
  "default-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
].join(", ");

/** Two years, the minimum the HSTS preload list asks for. */
const HSTS = "max-age=63072000; includeSubDomains";

/**
 * Sets the headers every response needs. A Content-Security-Policy already
 * set (the document's, with its nonce) is kept.
 */
export function applySecurityHeaders(headers: Headers, { https }: { https: boolean }): void {
  if (!headers.has("Content-Security-Policy")) {
    headers.set("Content-Security-Policy", fallbackContentSecurityPolicy);
  }
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", PERMISSIONS_POLICY);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  if (https) headers.set("Strict-Transport-Security", HSTS);
}

export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}
