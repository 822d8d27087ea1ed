import { describe, expect, test } from "vitest";
import { unreadableFormRefusal } from "./form-body";

function post(contentType: string | null, body: string | FormData | URLSearchParams = "") {
  const request = new Request("http://localhost/staff/sign-in", { method: "POST", body });
  // A body sets its own type (text/plain for a string); the test's is the one sent.
  if (typeof body === "string") {
    request.headers.delete("Content-Type");
    if (contentType !== null) request.headers.set("Content-Type", contentType);
  }
  return request;
}

describe("unreadableFormRefusal", () => {
  test.each([
    ["an urlencoded form", post("application/x-www-form-urlencoded", "email=a%40b.c&password=x")],
    ["an urlencoded form in UTF-8", post("application/x-www-form-urlencoded;charset=UTF-8", "a=1")],
    ["an urlencoded form, upper case", post("Application/X-WWW-Form-Urlencoded", "a=1")],
    ["an empty urlencoded form", post("application/x-www-form-urlencoded", "")],
    ["broken percent-encoding", post("application/x-www-form-urlencoded", "a=%ZZ&%=%E0%A4%A")],
    ["a browser's URLSearchParams", post(null, new URLSearchParams({ theme: "dark" }))],
    ["a browser's FormData", post(null, formData())],
  ])("lets %s through, leaving the body for the action", async (_, request) => {
    expect(await unreadableFormRefusal(request)).toBeNull();
    await expect(request.formData()).resolves.toBeInstanceOf(FormData);
  });

  test.each(["GET", "HEAD", "OPTIONS"])("does not look at a %s", async (method) => {
    expect(await unreadableFormRefusal(new Request("http://localhost/", { method }))).toBeNull();
  });

  test.each([
    ["application/json", '{"theme":"dark"}', "not application/json"],
    ["application/json; charset=utf-8", "{", "not application/json"],
    ["text/plain;charset=UTF-8", "theme=dark", "not text/plain"],
    ["text/html", "<p>", "not text/html"],
    ["multipart/mixed; boundary=x", "--x--", "not multipart/mixed"],
    ["application/x-www-form-urlencodedx", "a=1", "not application/x-www-form-urlencodedx"],
    ["", "a=1", "and the post named no Content-Type"],
    [null, "", "and the post named no Content-Type"],
  ])("refuses a body of type %j with 415 and what it takes", async (type, body, says) => {
    const response = await unreadableFormRefusal(post(type, body));
    expect(response?.status).toBe(415);
    expect(response?.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response?.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response?.headers.get("Accept")).toBe(
      "application/x-www-form-urlencoded, multipart/form-data",
    );
    const text = await response?.text();
    expect(text).toContain("This address takes forms");
    expect(text).toContain(says);
    expect(text).toMatch(/Nothing was saved\.$/);
  });

  test.each(["utf-16", "shift_jis", '"latin1"', ""])(
    "refuses a form in charset %j with 415",
    async (charset) => {
      const response = await unreadableFormRefusal(
        post(`application/x-www-form-urlencoded; charset=${charset}`, "a=1"),
      );
      expect(response?.status).toBe(415);
      expect(await response?.text()).toMatch(/^Forms are read as UTF-8, not /);
    },
  );

  test.each([
    ["no boundary", "multipart/form-data", multipart("b")],
    ["an empty boundary", "multipart/form-data; boundary=", multipart("b")],
    ["another boundary", "multipart/form-data; boundary=other", multipart("b")],
    ["a body cut short", "multipart/form-data; boundary=b", multipart("b").slice(0, 30)],
    ["an empty body", "multipart/form-data; boundary=b", ""],
    ["bare newlines", "multipart/form-data; boundary=b", multipart("b").replaceAll("\r\n", "\n")],
  ])("refuses a multipart form with %s with 400", async (_, type, body) => {
    const response = await unreadableFormRefusal(post(type, body));
    expect(response?.status).toBe(400);
    expect(response?.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response?.text()).toBe(
      "The form could not be read: its multipart body is incomplete or does not match its boundary. Nothing was saved.",
    );
  });
});

function formData(): FormData {
  const form = new FormData();
  form.set("name", "Wings");
  form.set("picture", new File(["not a picture"], "wings.png", { type: "image/png" }));
  return form;
}

function multipart(boundary: string): string {
  return `--${boundary}\r\nContent-Disposition: form-data; name="theme"\r\n\r\ndark\r\n--${boundary}--\r\n`;
}
