import { describe, expect, test } from "vitest";
import { crossSiteRefusal, isCrossSitePost } from "./cross-site";

describe("the cross-site check", () => {
  const post = (headers: Record<string, string>) =>
    new Request("http://localhost/theme", { method: "POST", headers });

  test.each([
    ["another site's page", { "Sec-Fetch-Site": "cross-site" }],
    ["a sibling subdomain", { "Sec-Fetch-Site": "same-site" }],
    ["an old browser on another origin", { Origin: "https://evil.example" }],
  ])("refuses a post from %s with 403", (_, headers) => {
    expect(isCrossSitePost(post(headers))).toBe(true);
    expect(crossSiteRefusal().status).toBe(403);
  });

  test.each([
    ["our own page", { "Sec-Fetch-Site": "same-origin" }],
    ["a typed-in address", { "Sec-Fetch-Site": "none" }],
    ["an old browser on our origin", { Origin: "http://localhost" }],
    ["a client that is not a browser", {}],
  ])("lets a post from %s through", (_, headers) => {
    expect(isCrossSitePost(post(headers))).toBe(false);
  });

  test("never blocks reads", () => {
    const read = new Request("http://localhost/", { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(isCrossSitePost(read)).toBe(false);
  });
});
