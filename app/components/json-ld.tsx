/**
 * Structured data for search engines. Loaders build it with
 * `~/lib/structured-data` and `serializeJsonLd` on the server, so none of that
 * code reaches the browser; the page only places the string.
 */
export function JsonLd({ json }: { json: string }) {
  // A data block, which browsers never run, so the CSP needs no nonce for it.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
