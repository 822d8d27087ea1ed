import { describe, expect, test } from "vitest";
import { loader } from "./healthz";

describe("GET /healthz", () => {
  test("reports ok with the build it runs, never cached", async () => {
    const response = loader();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toMatchObject({ status: "ok", buildId: __BUILD_ID__ });
  });
});
