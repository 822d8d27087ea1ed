import { describe, expect, test } from "vitest";
import { loader } from "./build-info";

describe("GET /build-info", () => {
  test("returns the build id fixed at build time, never cached", async () => {
    const response = loader();
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    // The values the build compiled into both bundles.
    expect(await response.json()).toEqual({ buildId: __BUILD_ID__, builtAt: __BUILT_AT__ });
    expect(__BUILD_ID__).toMatch(/\S{6,}/);
    expect(Number.isNaN(Date.parse(__BUILT_AT__))).toBe(false);
  });
});
