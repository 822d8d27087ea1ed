/**
 * Structured data for search engines, serialised by `serializeJsonLd` from
 * `~/site/structured-data`. Pages build it while they render, from the data
 * they show: sent in a loader's data as well, it would reach the browser twice.
 */
export function JsonLd({ json }: { json: string }) {
  // A data block, which browsers never run, so the CSP needs no nonce for it.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
