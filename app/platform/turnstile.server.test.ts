import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { startSiteverifyFake, type SiteverifyFake } from "../../tests/support/siteverify-fake";
import { log } from "./logger.server";
import { verifyTurnstile, type TurnstileCheck, type TurnstileResult } from "./turnstile.server";

let fake: SiteverifyFake;
let check: TurnstileCheck;

beforeEach(async () => {
  fake = await startSiteverifyFake();
  check = {
    secretKey: fake.secret,
    verifyUrl: fake.url,
    expectedAction: "contact",
    expectedHostname: "example.com",
  };
  // Failures are logged on purpose; keep the test output for the test runner.
  vi.spyOn(log, "warn").mockImplementation(() => {});
  vi.spyOn(log, "error").mockImplementation(() => {});
});

afterEach(async () => {
  await fake.close();
});

const contactToken = () => fake.issue({ action: "contact", hostname: "example.com" });

/** What the visitor is told, or null when the check passed. */
const messageOf = (result: TurnstileResult) => (result.ok ? null : result.message);

/** A fetch that answers every request with `answer()`, for replies the fake never gives. */
const answering =
  (answer: () => Response): typeof fetch =>
  async () =>
    answer();

describe("verifyTurnstile", () => {
  test("accepts a fresh token made for this form on this site", async () => {
    expect(await verifyTurnstile(contactToken(), check)).toEqual({ ok: true });
  });

  test("sends the secret, the token and an idempotency key", async () => {
    const token = contactToken();

    await verifyTurnstile(token, check);

    expect(fake.requests).toEqual([
      {
        secret: fake.secret,
        response: token,
        idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
  });

  test("sends the visitor's address when it is known", async () => {
    await verifyTurnstile(contactToken(), { ...check, remoteIp: "198.51.100.4" });

    expect(fake.requests[0]?.remoteip).toBe("198.51.100.4");
  });

  test.each([null, undefined, "", "   "])(
    "asks for the check, without calling Cloudflare, when the token is %j",
    async (token) => {
      const result = await verifyTurnstile(token, check);

      expect(result).toMatchObject({ ok: false, reason: "missing" });
      expect(messageOf(result)).toMatch(/spam check.*JavaScript/s);
      expect(fake.requests).toEqual([]);
    },
  );

  test("refuses a token longer than Cloudflare ever makes without calling it", async () => {
    const result = await verifyTurnstile("x".repeat(2049), check);

    expect(result).toMatchObject({ ok: false, reason: "invalid" });
    expect(fake.requests).toEqual([]);
  });

  test("refuses a token Cloudflare does not know", async () => {
    expect(await verifyTurnstile("forged", check)).toMatchObject({ ok: false, reason: "invalid" });
  });

  test("refuses a token the second time, saying to do the check again", async () => {
    const token = contactToken();
    await verifyTurnstile(token, check);

    expect(await verifyTurnstile(token, check)).toEqual({
      ok: false,
      reason: "expired-or-reused",
      message: "The spam check expired or was already used. Please complete it again.",
    });
  });

  test("refuses an expired token, saying to do the check again", async () => {
    const token = fake.issue({ action: "contact", hostname: "example.com", expired: true });

    expect(await verifyTurnstile(token, check)).toMatchObject({
      ok: false,
      reason: "expired-or-reused",
    });
  });

  test("refuses a token made for the other form", async () => {
    const token = fake.issue({ action: "venue", hostname: "example.com" });

    expect(await verifyTurnstile(token, check)).toMatchObject({ ok: false, reason: "mismatch" });
  });

  test("refuses a token made for another site", async () => {
    const token = fake.issue({ action: "contact", hostname: "elsewhere.example" });

    expect(await verifyTurnstile(token, check)).toMatchObject({ ok: false, reason: "mismatch" });
  });

  test("tells the visitor the same about a mismatched token as about an invalid one", async () => {
    const mismatched = await verifyTurnstile(
      fake.issue({ action: "venue", hostname: "example.com" }),
      check,
    );
    const invalid = await verifyTurnstile("forged", check);

    expect(messageOf(mismatched)).toBe(messageOf(invalid));
    expect(messageOf(invalid)).not.toBeNull();
  });

  test("rides out a brief outage, keeping the idempotency key across retries", async () => {
    fake.failNext(2);

    expect(await verifyTurnstile(contactToken(), check)).toEqual({ ok: true });
    expect(fake.requests).toHaveLength(3);
    expect(new Set(fake.requests.map((request) => request.idempotency_key)).size).toBe(1);
  });

  test("fails closed when siteverify stays down", async () => {
    fake.failNext(4);

    expect(await verifyTurnstile(contactToken(), check)).toEqual({
      ok: false,
      reason: "unavailable",
      message:
        "We could not reach the spam check, so nothing was sent. Please try again in a minute, or give us a call.",
    });
    expect(fake.requests).toHaveLength(4);
  });

  test("fails closed at once on a 500", async () => {
    fake.failNext(1, 500);

    expect(await verifyTurnstile(contactToken(), check)).toMatchObject({ reason: "unavailable" });
    expect(fake.requests).toHaveLength(1);
  });

  test("fails closed when siteverify cannot be reached", async () => {
    // Replaced before closing, so the new fake cannot take the old one's port.
    const closed = fake;
    fake = await startSiteverifyFake();
    await closed.close();
    const url = closed.url;

    expect(await verifyTurnstile("token", { ...check, verifyUrl: url })).toMatchObject({
      reason: "unavailable",
    });
  });

  test.each([
    ["something other than JSON", () => new Response("<html>Bad gateway</html>")],
    ["JSON of another shape", () => Response.json({ ok: true })],
    ["internal-error", () => Response.json({ success: false, "error-codes": ["internal-error"] })],
  ])("fails closed when siteverify answers %s", async (_, answer) => {
    expect(await verifyTurnstile("token", check, answering(answer))).toMatchObject({
      reason: "unavailable",
    });
  });

  test("fails closed on a wrong secret and logs it as our error, without the secret", async () => {
    const result = await verifyTurnstile(contactToken(), { ...check, secretKey: "wrong-secret" });

    expect(result).toMatchObject({ ok: false, reason: "unavailable" });
    expect(log.error).toHaveBeenCalledOnce();
    expect(JSON.stringify(vi.mocked(log.error).mock.calls)).toContain("invalid-input-secret");
    expect(JSON.stringify(vi.mocked(log.error).mock.calls)).not.toContain("wrong-secret");
  });

  test("fails closed on a missing secret", async () => {
    const result = await verifyTurnstile(contactToken(), { ...check, secretKey: "" });

    expect(result).toMatchObject({ ok: false, reason: "unavailable" });
    expect(log.error).toHaveBeenCalledOnce();
  });
});
