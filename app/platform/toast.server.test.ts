import { describe, expect, test } from "vitest";
import { getToast, redirectWithToast, toastCookie } from "./toast.server";

async function requestWithToastCookie(value: unknown): Promise<Request> {
  const header = await toastCookie.serialize(value);
  return new Request("http://localhost/", { headers: { Cookie: header.split(";")[0] ?? "" } });
}

describe("flash toasts", () => {
  test("a redirect carries the toast to the next request, which clears it", async () => {
    const response = await redirectWithToast("/menu", { type: "success", title: "Saved." });
    expect(response).toHaveRedirect("/menu");
    expect(response.status).toBe(303);

    const cookie = response.headers.getSetCookie()[0]?.split(";")[0] ?? "";
    const { toast, headers } = await getToast(
      new Request("http://localhost/menu", { headers: { Cookie: cookie } }),
    );
    expect(toast).toMatchObject({ type: "success", title: "Saved." });
    expect(toast?.id).toMatch(/\S+/);
    expect(headers?.get("Set-Cookie")).toMatch(/^toast=; Max-Age=0/);
  });

  test("no cookie, no toast and nothing to clear", async () => {
    expect(await getToast(new Request("http://localhost/"))).toEqual({
      toast: null,
      headers: undefined,
    });
  });

  test.each([
    ["a wrong type", { id: "1", type: "explode", title: "Hi" }],
    ["an overlong title", { id: "1", type: "info", title: "x".repeat(201) }],
    ["a string", "hello"],
  ])("a tampered cookie with %s shows nothing and is cleared", async (_, value) => {
    const { toast, headers } = await getToast(await requestWithToastCookie(value));
    expect(toast).toBeNull();
    expect(headers?.get("Set-Cookie")).toMatch(/Max-Age=0/);
  });

  test("garbage that is not a cookie value at all shows nothing", async () => {
    const { toast } = await getToast(
      new Request("http://localhost/", { headers: { Cookie: "toast=%%%not-base64" } }),
    );
    expect(toast).toBeNull();
  });
});
