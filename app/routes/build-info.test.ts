import { describe, expect, test } from "vitest";
import { loader } from "./build-info";
import { buildInfo } from "~/lib/build-info";

describe("GET /build-info", () => {
  test("returns the build id fixed at build time, never cached", async () => {
    const response = loader();
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const body = (await response.json()) as unknown;
    expect(body).toEqual(buildInfo);
    expect(buildInfo.buildId).toMatch(/\S{6,}/);
    expect(Number.isNaN(Date.parse(buildInfo.builtAt))).toBe(false);
  });
});
