import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { startSiteverifyFake, type SiteverifyFake } from "./siteverify-fake";

let fake: SiteverifyFake;

beforeEach(async () => {
  fake = await startSiteverifyFake();
});

afterEach(async () => {
  await fake.close();
});

type Fields = Record<string, string>;

/** Posts to the fake as a site's server would, form-encoded unless told otherwise. */
async function siteverify(fields: Fields, encoding: "form" | "json" | "multipart" = "form") {
  let body: BodyInit;
  const headers: Record<string, string> = {};
  if (encoding === "json") {
    body = JSON.stringify(fields);
    headers["Content-Type"] = "application/json";
  } else if (encoding === "multipart") {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    body = form;
  } else {
    body = new URLSearchParams(fields);
  }
  const response = await fetch(fake.url, { method: "POST", headers, body });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const contactToken = () => fake.issue({ action: "contact", hostname: "example.com" });

describe("the siteverify fake", () => {
  test("listens on a loopback address at siteverify's path", () => {
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/turnstile\/v0\/siteverify$/);
  });

  test("confirms a fresh token with the action and hostname it was issued for", async () => {
    const before = Date.now();
    const { status, json } = await siteverify({ secret: fake.secret, response: contactToken() });

    expect(status).toBe(200);
    expect(json).toEqual({
      success: true,
      challenge_ts: expect.any(String),
      hostname: "example.com",
      "error-codes": [],
      action: "contact",
      cdata: "",
    });
    expect(Date.parse(json.challenge_ts as string)).toBeGreaterThanOrEqual(before - 1000);
  });

  test.each(["json", "multipart"] as const)("accepts a %s body too", async (encoding) => {
    const { json } = await siteverify({ secret: fake.secret, response: contactToken() }, encoding);
    expect(json.success).toBe(true);
  });

  test("confirms a token only once", async () => {
    const token = contactToken();
    await siteverify({ secret: fake.secret, response: token });

    const { status, json } = await siteverify({ secret: fake.secret, response: token });

    expect(status).toBe(200);
    expect(json).toMatchObject({ success: false, "error-codes": ["timeout-or-duplicate"] });
  });

  test("answers a repeat with the same idempotency key as it answered the first time", async () => {
    const token = contactToken();
    const fields = { secret: fake.secret, response: token, idempotency_key: crypto.randomUUID() };
    const first = await siteverify(fields);

    const repeat = await siteverify(fields);

    expect(repeat).toEqual(first);
    expect(repeat.json.success).toBe(true);
  });

  test("treats the same token under another idempotency key as reused", async () => {
    const token = contactToken();
    await siteverify({
      secret: fake.secret,
      response: token,
      idempotency_key: crypto.randomUUID(),
    });

    const { json } = await siteverify({
      secret: fake.secret,
      response: token,
      idempotency_key: crypto.randomUUID(),
    });

    expect(json).toMatchObject({ success: false, "error-codes": ["timeout-or-duplicate"] });
  });

  test("refuses a token older than 300 seconds", async () => {
    const token = fake.issue({ action: "venue", hostname: "example.com", expired: true });

    const { json } = await siteverify({ secret: fake.secret, response: token });

    expect(json).toMatchObject({ success: false, "error-codes": ["timeout-or-duplicate"] });
  });

  test.each<[string, (token: string) => Fields, string]>([
    ["no secret", (token) => ({ response: token }), "missing-input-secret"],
    ["another secret", (token) => ({ secret: "wrong", response: token }), "invalid-input-secret"],
    ["no token", () => ({ secret: fake.secret }), "missing-input-response"],
    [
      "an unknown token",
      () => ({ secret: fake.secret, response: "forged" }),
      "invalid-input-response",
    ],
  ])("answers a request with %s with its error code", async (_, fields, code) => {
    const { status, json } = await siteverify(fields(contactToken()));

    expect(status).toBe(200);
    expect(json).toEqual({ success: false, "error-codes": [code], messages: [] });
  });

  test("does not use up a token when the secret is wrong", async () => {
    const token = contactToken();
    await siteverify({ secret: "wrong", response: token });

    const { json } = await siteverify({ secret: fake.secret, response: token });

    expect(json.success).toBe(true);
  });

  test("answers anything but a POST with 405", async () => {
    const response = await fetch(fake.url);

    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });

  test("answers a body that does not parse with bad-request", async () => {
    const response = await fetch(fake.url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, "error-codes": ["bad-request"] });
  });

  test("simulates an outage for the next requests, then recovers", async () => {
    const token = contactToken();
    fake.failNext(2);

    const first = await fetch(fake.url, {
      method: "POST",
      body: new URLSearchParams({ secret: fake.secret, response: token }),
    });
    const second = await fetch(fake.url, {
      method: "POST",
      body: new URLSearchParams({ secret: fake.secret, response: token }),
    });
    const third = await siteverify({ secret: fake.secret, response: token });

    expect([first.status, second.status]).toEqual([503, 503]);
    expect(third.json.success).toBe(true);
  });

  test("fails with the status it is given", async () => {
    fake.failNext(1, 502);

    const response = await fetch(fake.url, {
      method: "POST",
      body: new URLSearchParams({ secret: fake.secret, response: contactToken() }),
    });

    expect(response.status).toBe(502);
  });

  test("records each request it receives, outages included", async () => {
    const token = contactToken();
    fake.failNext(1);
    const fields = {
      secret: fake.secret,
      response: token,
      remoteip: "198.51.100.4",
      idempotency_key: "b1b4b2b3-0000-4000-8000-000000000001",
    };

    await fetch(fake.url, { method: "POST", body: new URLSearchParams(fields) });
    await siteverify({ secret: fake.secret, response: token });

    expect(fake.requests).toEqual([fields, { secret: fake.secret, response: token }]);
  });
});
