import { describe, expect, test } from "vitest";
import { buildInfo, isNewBuild } from "./build-info";

describe("isNewBuild", () => {
  const current = { buildId: "2026-a", builtAt: "2026-11-22T10:00:00.000Z" };

  test("a different id is a new build", () => {
    expect(isNewBuild({ buildId: "2026-b", builtAt: "2026-11-22T11:00:00.000Z" }, current)).toBe(
      true,
    );
  });

  test("the same id is not", () => {
    expect(isNewBuild({ ...current }, current)).toBe(false);
  });

  test.each([null, "2026-b", {}, { buildId: 7, builtAt: "x" }, { buildId: "2026-b" }])(
    "an answer that is not build info (%j) is not",
    (answer) => {
      expect(isNewBuild(answer, current)).toBe(false);
    },
  );

  test("compares with this build by default", () => {
    expect(isNewBuild(buildInfo)).toBe(false);
  });
});
