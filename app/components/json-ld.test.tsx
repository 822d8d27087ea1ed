import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { serializeJsonLd } from "~/site/structured-data";
import { JsonLd } from "./json-ld";

const data = {
  "@context": "https://schema.org",
  "@type": "MenuItem",
  name: "</script><script>alert(1)</script>",
};

describe("JsonLd", () => {
  test("renders one JSON-LD data block that no string can break out of", () => {
    const html = renderToString(<JsonLd json={serializeJsonLd(data)} />);
    expect(html).toMatch(/^<script type="application\/ld\+json">[^<]*<\/script>$/);
    expect(html.match(/<\/script/g)).toHaveLength(1);
  });

  test("holds JSON that parses back to the same data", () => {
    const html = renderToString(<JsonLd json={serializeJsonLd(data)} />);
    const json = html.replace(/^<script[^>]*>/, "").replace(/<\/script>$/, "");
    expect(JSON.parse(json)).toEqual(data);
  });
});
