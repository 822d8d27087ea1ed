import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { formPost, routeArgs } from "../../tests/support/route-args";
import { queuedMailsTo, subscriberRow } from "../../tests/support/newsletter";
import { startSiteverifyFake, type SiteverifyFake } from "../../tests/support/siteverify-fake";
import {
  visitorContext,
  drivers,
  openTestDatabase,
  type TestDatabase,
} from "../../tests/support/test-database";
import { action as confirmAction } from "./newsletter-confirm";
import { action, loader } from "./newsletter";
import { purgeOnce } from "~/enquiries/retention.server";
import { SIGN_UP_WORDING } from "~/newsletter/sign-up-words";
import { newsletterPurges } from "~/newsletter/subscribers.server";
import type { FormProtection } from "~/platform/form-protection";

vi.hoisted(() => {
  process.env.SITE_URL = "https://pub.example";
});

/**
 * The sign-up in every page's footer and on the newsletter's page: the
 * address alone, the enquiry forms' spam guards, the consent recorded as
 * shown, and the same answer whatever the address's state.
 */

type Refusal = {
  formId: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  formError: string | null;
};

function refusal(result: unknown): Refusal & { status: number; headers: Headers } {
  const { data, init } = result as { data: Refusal; init?: ResponseInit | null };
  return { ...data, status: init?.status ?? 200, headers: new Headers(init?.headers) };
}

const SIGNED_UP = "/newsletter?step=sent";

describe.each(drivers)("the newsletter's sign-up on %s", (driver) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
  });
  beforeEach(async () => {
    await db.query("delete from public.outbox");
    await db.query("delete from public.newsletter_subscribers");
    await db.query("delete from public.form_rate_limits");
  });

  const contextFor = (protection: Partial<FormProtection> = {}, address?: string) =>
    visitorContext(db, { protection, ...(address ? { address } : {}) });

  const newAddress = () => `Robin.${randomUUID().slice(0, 8)}@Example.com`;

  /** The footer's post: the address and its empty spam trap. */
  const signUp = (
    fields: Record<string, string>,
    context = contextFor(),
    request = formPost("/newsletter", { website: "", ...fields }),
  ) => action(routeArgs(request, { context }));

  const subscriberCount = async () =>
    (
      await db.query<{ n: number }>("select count(*)::int as n from public.newsletter_subscribers")
    )[0]!.n;

  test("records a request with its consent, as shown, and mails the link that confirms it", async () => {
    const email = newAddress();
    expect(await signUp({ email })).toHaveRedirect(SIGNED_UP);

    const row = await subscriberRow(db, email);
    expect(row).toMatchObject({
      email: email.toLowerCase(),
      state: "waiting",
      consentForm: "footer",
      consentWording: SIGN_UP_WORDING,
      pubName: "The Squire Pub & Grill",
      confirmExpiresInDays: 7,
      confirmedAt: null,
    });
    expect(row?.pubPostalAddress).toMatch(/London, ON/);
    expect(row?.consentedAt).not.toBeNull();

    const [mail, ...more] = await queuedMailsTo(db, email);
    expect(more).toEqual([]);
    expect(mail?.text).toContain(SIGN_UP_WORDING);
    expect(mail?.listUnsubscribe).toMatch(
      /^https:\/\/pub\.example\/newsletter\/unsubscribe\?token=/,
    );

    // Its link confirms it.
    await confirmAction(
      routeArgs(formPost("/newsletter/confirm", { token: mail!.confirmToken! }), {
        context: contextFor(),
      }),
    );
    expect((await subscriberRow(db, email))?.state).toBe("confirmed");
  });

  test("the sign-up page's own form is recorded as the page; any other post as the footer", async () => {
    const [onPage, fromFooter, forged] = [newAddress(), newAddress(), newAddress()];
    await signUp({ email: onPage, from: "page" });
    await signUp({ email: fromFooter });
    await signUp({ email: forged, from: "contact" });
    expect((await subscriberRow(db, onPage))?.consentForm).toBe("page");
    expect((await subscriberRow(db, fromFooter))?.consentForm).toBe("footer");
    expect((await subscriberRow(db, forged))?.consentForm).toBe("footer");
    const [mail] = await queuedMailsTo(db, onPage);
    expect(mail?.text).toContain("You asked for it on our newsletter sign-up page");
  });

  test("answers the same whether the address is new, waiting, confirmed or unsubscribed", async () => {
    const confirmed = newAddress();
    await signUp({ email: confirmed });
    const [first] = await queuedMailsTo(db, confirmed);
    await confirmAction(
      routeArgs(formPost("/newsletter/confirm", { token: first!.confirmToken! }), {
        context: contextFor(),
      }),
    );

    const answers = [];
    for (const email of [newAddress(), confirmed, confirmed.toUpperCase()]) {
      const response = (await signUp({ email })) as Response;
      answers.push([
        response.status,
        response.headers.get("Location"),
        response.headers.get("Set-Cookie"),
      ]);
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    // The confirmed address is left as it was, and gets no second mail.
    expect(await subscriberRow(db, confirmed)).toMatchObject({ state: "confirmed" });
    expect(await queuedMailsTo(db, confirmed)).toHaveLength(1);
  });

  test("a waiting request gets a fresh link; the old one no longer confirms", async () => {
    const email = newAddress();
    await signUp({ email });
    await signUp({ email: ` ${email} ` });
    const [old, fresh] = await queuedMailsTo(db, email);
    expect(fresh?.confirmToken).not.toBe(old?.confirmToken);
    const stale = await confirmAction(
      routeArgs(formPost("/newsletter/confirm", { token: old!.confirmToken! }), {
        context: contextFor(),
      }),
    );
    expect((stale as { data: { outcome: string } }).data.outcome).toBe("unknown");
    expect(await subscriberCount()).toBe(1);
  });

  test.each([
    ["no address", {}, /Enter the email address/],
    ["an empty address", { email: "  " }, /Enter the email address/],
    ["not an address", { email: "robin at example" }, /such as name@example\.com/],
    ["an address too long", { email: `${"r".repeat(250)}@example.com` }, /at most/],
  ])("%s is refused, saying why, with what was typed kept", async (_, fields, message) => {
    const result = refusal(await signUp(fields));
    expect(result.status).toBe(400);
    expect(result.formId).toBe("newsletter");
    expect(result.errors.email).toMatch(message);
    expect(result.values.email ?? "").toBe((fields as { email?: string }).email ?? "");
    expect(await subscriberCount()).toBe(0);
  });

  test("the address sent twice is refused", async () => {
    const body = new URLSearchParams([
      ["email", newAddress()],
      ["email", newAddress()],
    ]);
    const request = new Request("http://localhost/newsletter", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });
    const result = refusal(await signUp({}, contextFor(), request));
    expect(result.status).toBe(400);
    expect(result.errors.email).toMatch(/sent more than once/);
    expect(await subscriberCount()).toBe(0);
  });

  test("a body that is not a form is refused in words, and nothing is recorded", async () => {
    const request = new Request("http://localhost/newsletter", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: newAddress() }),
    });
    const result = refusal(await signUp({}, contextFor(), request));
    expect(result.status).toBe(400);
    expect(result.formError).toMatch(/could not be read as a sign-up/);
    expect(await subscriberCount()).toBe(0);
  });

  test("the hidden spam trap filled in is refused, and nothing is recorded or mailed", async () => {
    const email = newAddress();
    const result = refusal(await signUp({ email, website: "https://spam.example" }));
    expect(result.status).toBe(400);
    expect(result.formError).toMatch(/hidden field/);
    expect(result.values.email).toBe(email);
    expect(await subscriberCount()).toBe(0);
    expect(await queuedMailsTo(db, email)).toEqual([]);
  });

  test("the limits on sign-ups from one address and for one email hold, with the wait said", async () => {
    const tight: Partial<FormProtection> = { perEmail: { max: 2, windowSeconds: 3600 } };
    const email = newAddress();
    expect(await signUp({ email }, contextFor(tight))).toHaveRedirect(SIGNED_UP);
    expect(await signUp({ email }, contextFor(tight))).toHaveRedirect(SIGNED_UP);
    const third = refusal(await signUp({ email }, contextFor(tight)));
    expect(third.status).toBe(429);
    expect(third.formError).toMatch(/try again in/);
    expect(Number(third.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await queuedMailsTo(db, email)).toHaveLength(2);

    const oneAddress: Partial<FormProtection> = {
      ...tight,
      perAddress: { max: 1, windowSeconds: 600 },
    };
    expect(
      await signUp({ email: newAddress() }, contextFor(oneAddress, "203.0.113.40")),
    ).toHaveRedirect(SIGNED_UP);
    const other = newAddress();
    expect(
      refusal(await signUp({ email: other }, contextFor(oneAddress, "203.0.113.40"))).status,
    ).toBe(429);
    expect(await subscriberRow(db, other)).toBeUndefined();
  });

  describe("with Turnstile's keys set", () => {
    let siteverify: SiteverifyFake;
    beforeAll(async () => {
      siteverify = await startSiteverifyFake();
    });
    afterAll(async () => {
      await siteverify?.close();
    });

    const checked = () =>
      contextFor({
        turnstile: { secretKey: siteverify.secret, verifyUrl: siteverify.url },
      });

    test("the footer's post, which has no spam check, is given back to finish on the page", async () => {
      const email = newAddress();
      const result = refusal(await signUp({ email }, checked()));
      expect(result.status).toBe(400);
      expect(result.formError).toMatch(/One more step: please complete the spam check/);
      expect(result.values.email).toBe(email);
      expect(await subscriberCount()).toBe(0);
    });

    test("a token made for the sign-up goes through; one for another form does not", async () => {
      const email = newAddress();
      const wrong = refusal(
        await signUp(
          {
            email,
            "cf-turnstile-response": siteverify.issue({
              action: "contact",
              hostname: "pub.example",
            }),
          },
          checked(),
        ),
      );
      expect(wrong.status).toBe(400);
      expect(wrong.values.email).toBe(email);
      expect(await subscriberCount()).toBe(0);

      expect(
        await signUp(
          {
            email,
            "cf-turnstile-response": siteverify.issue({
              action: "newsletter",
              hostname: "pub.example",
            }),
          },
          checked(),
        ),
      ).toHaveRedirect(SIGNED_UP);
      expect((await subscriberRow(db, email))?.state).toBe("waiting");
    });

    test("the spam check out of reach is said, and nothing is recorded", async () => {
      siteverify.failNext(10, 503);
      const result = refusal(
        await signUp(
          {
            email: newAddress(),
            "cf-turnstile-response": siteverify.issue({
              action: "newsletter",
              hostname: "pub.example",
            }),
          },
          checked(),
        ),
      );
      expect(result.status).toBe(503);
      expect(result.formError).toMatch(/couldn't reach the spam check/);
      expect(await subscriberCount()).toBe(0);
      siteverify.failNext(0);
    });
  });

  test("the page says what comes next only once a sign-up has gone through", async () => {
    const page = async (path: string) =>
      (
        await loader(
          routeArgs(new Request(new URL(path, "http://localhost")), { context: contextFor() }),
        )
      ).sent;
    expect(await page("/newsletter")).toBe(false);
    expect(await page("/newsletter?step=sent")).toBe(true);
    expect(await page("/newsletter?step=other")).toBe(false);
  });

  test("an unsubscribed address keeps its proof of withdrawal as long as enquiries are kept", async () => {
    const [recent, old] = [newAddress(), newAddress()];
    for (const email of [recent, old]) {
      await db.query(
        `insert into public.newsletter_subscribers (email, state, unsubscribed_at, unsubscribed_by)
         values ($1, 'unsubscribed', now() - make_interval(days => $2::int), 'link')`,
        [email.toLowerCase(), email === old ? 366 : 364],
      );
    }
    const purged = await purgeOnce(db, 365, newsletterPurges);
    expect(purged.newsletterWithdrawals).toBe(1);
    expect(await subscriberRow(db, old)).toBeUndefined();
    expect(await subscriberRow(db, recent)).toMatchObject({ state: "unsubscribed" });
  });
});
