import { describe, expect, test } from "vitest";
import { loader } from "./not-found";
import { routeArgs } from "../../tests/support/route-args";

describe("unknown paths", () => {
  test("answer 404 with the seed's message naming the path", async () => {
    const result = loader(
      routeArgs(new Request("http://localhost/no-such-page"), { params: { "*": "no-such-page" } }),
    );
    expect(result.init?.status).toBe(404);
    expect(result.data).toEqual({ message: "Page Not Found: /no-such-page" });
  });
});
