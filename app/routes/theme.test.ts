import { describe, expect, test } from "vitest";
import { action, loader } from "./theme";
import { themeCookie } from "~/theme/theme.server";
import { toastCookie } from "~/platform/toast.server";
import { caught, formPost, routeArgs } from "../../tests/support/route-args";

describe("POST /theme", () => {
  test("stores the theme and redirects back to the page it came from", async () => {
    const response = await action(
      routeArgs(formPost("/theme", { theme: "dark", redirectTo: "/menu?diet=vegan" })),
    );
    expect(response).toHaveRedirect("/menu?diet=vegan");
    expect(response).toSetCookie("theme", {
      attributes: [/HttpOnly/i, /SameSite=Lax/i, /Path=\//, /Max-Age=34560000/],
    });
    const cookie = (response as Response).headers
      .getSetCookie()
      .find((header) => header.startsWith("theme="));
    expect(await themeCookie.parse(cookie ?? null)).toBe("dark");
  });

  test("leaves a toast for the next page, confirming the change", async () => {
    const response = (await action(routeArgs(formPost("/theme", { theme: "light" })))) as Response;
    const toastHeader = response.headers.getSetCookie().find((c) => c.startsWith("toast="));
    expect(await toastCookie.parse(toastHeader ?? null)).toMatchObject({
      type: "success",
      title: "Light theme on.",
    });
  });

  test("choosing system clears the cookie, so the page is the shared default", async () => {
    const response = await action(routeArgs(formPost("/theme", { theme: "system" })));
    expect(response).toSetCookie("theme", { value: "", attributes: [/Max-Age=0/] });
  });

  test("never redirects off the site", async () => {
    for (const redirectTo of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "/.//evil.example",
    ]) {
      const response = await action(routeArgs(formPost("/theme", { theme: "dark", redirectTo })));
      expect(response).toHaveRedirect("/");
    }
  });

  test.each([
    ["an unknown theme", { theme: "sepia" }],
    ["no theme", {}],
    ["a script for a theme", { theme: "<script>alert(1)</script>" }],
  ])("rejects %s with 400 and sets no cookie", async (_, fields) => {
    const response = await action(routeArgs(formPost("/theme", fields)));
    expect(response).not.toBeInstanceOf(Response);
    const result = response as unknown as { init: ResponseInit; data: unknown };
    expect(result.init.status).toBe(400);
    expect(result.data).toMatchObject({ errors: { theme: "Choose light, dark or system." } });
  });
});

describe("GET /theme", () => {
  test("is not allowed: the theme changes by form post", async () => {
    const thrown = await caught(() => loader());
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(405);
    expect((thrown as Response).headers.get("Allow")).toBe("POST");
  });
});
