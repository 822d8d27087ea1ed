import { serializeJsonLd } from "~/lib/structured-data";

/** Structured data for search engines, from `~/lib/structured-data`. */
export function JsonLd({ data }: { data: object }) {
  // A data block, which browsers never run, so the CSP needs no nonce for it.
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
