import { randomUUID } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { formPost, routeArgs } from "../../tests/support/route-args";
import { queuedMailsTo, subscriberRow } from "../../tests/support/newsletter";
import {
  visitorContext,
  drivers,
  openTestDatabase,
  type TestDatabase,
} from "../../tests/support/test-database";
import { action as contactAction } from "./contact";
import { action as confirmAction, loader as confirmLoader } from "./newsletter-confirm";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "./newsletter-unsubscribe";
import { NEWSLETTER_WORDING } from "~/enquiries/enquiry-fields";
import { storeEnquiry } from "~/enquiries/enquiry-store.server";
import { contactEnquiry } from "~/enquiries/enquiry.test-support";
import { purgeOnce } from "~/enquiries/retention.server";
import { RESUBSCRIBE_WORDING } from "~/newsletter/newsletter-words";
import {
  newsletterKey,
  newsletterPurges,
  requestSubscription,
} from "~/newsletter/subscribers.server";
import type { Database } from "~/platform/database/database.server";
import { toastCookie } from "~/platform/toast.server";

vi.hoisted(() => {
  process.env.SITE_URL = "https://pub.example";
});

/**
 * The newsletter box of the enquiry forms records a request with its
 * consent and mails a one-time link that confirms it; every mail carries an
 * unsubscribe link that works without a sign-in, at once and idempotently.
 */

/** The value as a page's data holds it, from a loader's or action's result. */
function dataOf<T>(result: unknown): T {
  return (result as { data: T }).data;
}
function statusOf(result: unknown): number {
  return (result as { init?: { status?: number } | null }).init?.status ?? 200;
}

describe.each(drivers)("the newsletter on %s", (driver) => {
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
  });

  const contextFor = (): RouterContextProvider => visitorContext(db);

  const newAddress = () => `Sam.${randomUUID().slice(0, 8)}@Example.com`;

  const postContact = (fields: Record<string, string>) =>
    contactAction(
      routeArgs(
        formPost("/contact", {
          submission: randomUUID(),
          name: "Sam Okafor",
          phone: "",
          topic: "general",
          message: "Do you show the hockey games on Saturday nights?",
          consent: "on",
          ...fields,
        }),
        { context: contextFor() },
      ),
    );

  const subscriber = (email: string) => subscriberRow(db, email);
  /** The confirmation mails queued to an address, with their links. */
  const confirmations = (email: string) => queuedMailsTo(db, email);

  async function subscribe(email: string): Promise<{ unsubscribeToken: string }> {
    await postContact({ email, newsletter: "on" });
    const [mail] = await confirmations(email);
    const confirmed = await confirmAction(
      routeArgs(formPost("/newsletter/confirm", { token: mail!.confirmToken! }), {
        context: contextFor(),
      }),
    );
    expect(dataOf<{ outcome: string }>(confirmed).outcome).toBe("confirmed");
    return { unsubscribeToken: mail!.unsubscribeToken! };
  }

  const confirmPost = (token: string) =>
    confirmAction(routeArgs(formPost("/newsletter/confirm", { token }), { context: contextFor() }));

  /** A one-click unsubscribe as a mail program's server sends it: no cookie, no Origin. */
  const oneClick = (token: string) =>
    unsubscribeAction(
      routeArgs(
        new Request(
          `https://pub.example/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
          {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: "List-Unsubscribe=One-Click",
          },
        ),
        { context: contextFor() },
      ),
    );

  const pagePost = (fields: Record<string, string>) =>
    unsubscribeAction(
      routeArgs(formPost("/newsletter/unsubscribe", fields), { context: contextFor() }),
    );

  describe("the enquiry forms' box", () => {
    test("records a request with its consent: when, which form, the words shown and the pub then", async () => {
      const email = newAddress();
      expect(await postContact({ email, newsletter: "on" })).toHaveRedirect(
        "/contact#enquiry-sent",
      );
      const row = await subscriber(email);
      expect(row).toMatchObject({
        email: email.toLowerCase(),
        state: "waiting",
        consentForm: "contact",
        consentWording: NEWSLETTER_WORDING,
        pubName: "The Squire Pub & Grill",
        pubPostalAddress: expect.stringMatching(/^\S.*, London, ON \S.*, Canada$/),
        confirmTokenHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        confirmExpiresInDays: 7,
        confirmedAt: null,
      });
      expect(Date.now() - Date.parse(row!.consentedAt!)).toBeLessThan(60_000);
      const [mail] = await confirmations(email);
      expect(mail?.confirmToken).toMatch(/^[\w-]{43}$/);
      // Only a digest of the link's token is stored.
      expect(row!.confirmTokenHash).not.toContain(mail!.confirmToken);
      expect(mail?.listUnsubscribe).toMatch(
        /^https:\/\/pub\.example\/newsletter\/unsubscribe\?token=\d+\.[\w-]{43}$/,
      );
    });

    test("the request lands in the enquiry's transaction: an enquiry not stored records none", async () => {
      const email = newAddress();
      const key = await newsletterKey(db);
      const sender = (tx: Database) =>
        requestSubscription(tx, {
          email,
          form: "venue",
          wording: NEWSLETTER_WORDING,
          origin: "https://pub.example",
          key,
          pub: { name: "The Squire", postalAddress: "180 Main Street, London, ON N6A 1A1, Canada" },
        });
      const ticked = contactEnquiry({
        email,
        newsletter: true,
        newsletterWording: NEWSLETTER_WORDING,
      });
      // An empty recipient breaks the outbox's check for the pub's notification.
      await expect(
        storeEnquiry(db, ticked, { to: [""], siteUrl: undefined }, sender),
      ).rejects.toThrow(/check/);
      expect(await subscriber(email)).toBeUndefined();

      await storeEnquiry(db, ticked, { to: ["pub@example.com"], siteUrl: undefined }, sender);
      expect(await subscriber(email)).toMatchObject({
        state: "waiting",
        consentForm: "venue",
        pubName: "The Squire",
        pubPostalAddress: "180 Main Street, London, ON N6A 1A1, Canada",
      });
    });

    test("an unticked box records nothing and mails nothing", async () => {
      const email = newAddress();
      expect(await postContact({ email })).toHaveRedirect("/contact#enquiry-sent");
      expect(await subscriber(email)).toBeUndefined();
      expect(await confirmations(email)).toEqual([]);
    });

    test("the answer is the same whether the address was subscribed or not; a subscribed one gets no mail", async () => {
      const email = newAddress();
      await subscribe(email);
      const answerTo = async (address: string) => {
        const response = (await postContact({ email: address, newsletter: "on" })) as Response;
        const { id: _id, ...toast } = (await toastCookie.parse(
          response.headers.getSetCookie().find((cookie) => cookie.startsWith("toast=")) ?? null,
        )) as { id: string };
        return {
          status: response.status,
          location: response.headers.get("Location"),
          cookies: response.headers.getSetCookie().map((cookie) => cookie.split("=")[0]),
          toast,
        };
      };
      expect(await answerTo(email)).toEqual(await answerTo(newAddress()));
      expect(await confirmations(email)).toHaveLength(1);
      expect(await subscriber(email)).toMatchObject({ state: "confirmed" });
    });

    test("a request still waiting is asked again with a fresh link; the old one no longer works", async () => {
      const email = newAddress();
      await postContact({ email, newsletter: "on" });
      await postContact({ email, newsletter: "on" });
      const [first, second] = await confirmations(email);
      expect(second?.confirmToken).not.toBe(first?.confirmToken);
      expect(dataOf<{ outcome: string }>(await confirmPost(first!.confirmToken!)).outcome).toBe(
        "unknown",
      );
      expect(dataOf<{ outcome: string }>(await confirmPost(second!.confirmToken!)).outcome).toBe(
        "confirmed",
      );
    });
  });

  describe("the confirmation link", () => {
    test("a GET only shows the button; the POST confirms, once", async () => {
      const email = newAddress();
      await postContact({ email, newsletter: "on" });
      const [mail] = await confirmations(email);
      const token = mail!.confirmToken!;
      const shown = await confirmLoader(
        routeArgs(new Request(`https://pub.example/newsletter/confirm?token=${token}`), {
          context: contextFor(),
        }),
      );
      expect(dataOf(shown)).toEqual({ state: "waiting", token });
      expect(await subscriber(email)).toMatchObject({ state: "waiting" });

      const confirmed = await confirmPost(token);
      expect(statusOf(confirmed)).toBe(200);
      expect(await subscriber(email)).toMatchObject({
        state: "confirmed",
        confirmedAt: expect.any(String),
        confirmTokenHash: null,
        consentWording: NEWSLETTER_WORDING,
      });

      const again = await confirmPost(token);
      expect(statusOf(again)).toBe(400);
      expect(dataOf(again)).toEqual({ outcome: "unknown" });
    });

    test("an expired link says so, confirms nothing, and the request is swept with its mail", async () => {
      const email = newAddress();
      await postContact({ email, newsletter: "on" });
      const [mail] = await confirmations(email);
      await db.query(
        `update public.newsletter_subscribers set confirm_expires_at = now() - interval '1 minute'
         where email = $1`,
        [email.toLowerCase()],
      );
      const shown = await confirmLoader(
        routeArgs(
          new Request(`https://pub.example/newsletter/confirm?token=${mail!.confirmToken}`),
          { context: contextFor() },
        ),
      );
      expect(statusOf(shown)).toBe(400);
      expect(dataOf(shown)).toEqual({ state: "expired", token: null });
      expect(dataOf(await confirmPost(mail!.confirmToken!))).toEqual({ outcome: "expired" });
      expect(await subscriber(email)).toMatchObject({ state: "waiting" });

      const purged = await purgeOnce(db, 3650, newsletterPurges);
      expect(purged.newsletterRequests).toBeGreaterThanOrEqual(1);
      expect(await subscriber(email)).toBeUndefined();
      expect(await confirmations(email)).toEqual([]);
    });

    test.each([
      ["garbled", "not-a-token"],
      ["unknown", "A".repeat(43)],
      ["too long", "A".repeat(5000)],
      ["empty", ""],
    ])("a %s token gets the clear page and 400", async (_, token) => {
      const shown = await confirmLoader(
        routeArgs(
          new Request(`https://pub.example/newsletter/confirm?token=${encodeURIComponent(token)}`),
          { context: contextFor() },
        ),
      );
      expect(statusOf(shown)).toBe(400);
      expect(dataOf(shown)).toEqual({ state: "unknown", token: null });
      expect(dataOf(await confirmPost(token))).toEqual({ outcome: "unknown" });
    });
  });

  describe("unsubscribing", () => {
    test("one click without a cookie or a sign-in unsubscribes at once, keeping only the proof", async () => {
      const email = newAddress();
      const { unsubscribeToken } = await subscribe(email);
      const answer = await oneClick(unsubscribeToken);
      expect(statusOf(answer)).toBe(200);
      expect(await subscriber(email)).toEqual({
        id: expect.any(Number),
        email: email.toLowerCase(),
        state: "unsubscribed",
        consentedAt: null,
        consentForm: null,
        consentWording: null,
        pubName: null,
        pubPostalAddress: null,
        confirmTokenHash: null,
        confirmExpiresInDays: null,
        confirmedAt: null,
        unsubscribedAt: expect.any(String),
        unsubscribedBy: "one-click",
      });
    });

    test("is idempotent: again, by one click or the page, is answered the same and changes nothing", async () => {
      const email = newAddress();
      const { unsubscribeToken } = await subscribe(email);
      await oneClick(unsubscribeToken);
      const before = await subscriber(email);
      expect(statusOf(await oneClick(unsubscribeToken))).toBe(200);
      const again = await pagePost({ token: unsubscribeToken, intent: "unsubscribe" });
      expect(dataOf(again)).toEqual({ outcome: "unsubscribed" });
      expect(await subscriber(email)).toEqual(before);
    });

    test("withdraws a request not yet confirmed, and its waiting mail is not sent", async () => {
      const email = newAddress();
      await postContact({ email, newsletter: "on" });
      const [mail] = await confirmations(email);
      await oneClick(mail!.unsubscribeToken!);
      expect(await subscriber(email)).toMatchObject({ state: "unsubscribed" });
      expect(await confirmations(email)).toEqual([]);
      expect(dataOf(await confirmPost(mail!.confirmToken!))).toEqual({ outcome: "unknown" });
    });

    test("the page's button unsubscribes, and it can be undone within the visit with a new consent", async () => {
      const email = newAddress();
      const { unsubscribeToken } = await subscribe(email);
      const page = () =>
        unsubscribeLoader(
          routeArgs(
            new Request(`https://pub.example/newsletter/unsubscribe?token=${unsubscribeToken}`),
            { context: contextFor() },
          ),
        );
      expect(dataOf(await page())).toEqual({ status: "subscribed", token: unsubscribeToken });
      // A GET changes nothing.
      expect(await subscriber(email)).toMatchObject({ state: "confirmed" });

      expect(dataOf(await pagePost({ token: unsubscribeToken, intent: "unsubscribe" }))).toEqual({
        outcome: "unsubscribed",
      });
      expect(await subscriber(email)).toMatchObject({
        state: "unsubscribed",
        unsubscribedBy: "link",
      });
      expect(dataOf(await page())).toEqual({
        status: "unsubscribed",
        mayUndo: true,
        token: unsubscribeToken,
      });

      expect(dataOf(await pagePost({ token: unsubscribeToken, intent: "undo" }))).toEqual({
        outcome: "subscribed",
      });
      expect(await subscriber(email)).toMatchObject({
        state: "confirmed",
        consentForm: "resubscribe",
        consentWording: RESUBSCRIBE_WORDING,
        pubName: "The Squire Pub & Grill",
        unsubscribedAt: null,
      });
    });

    test("the undo is refused once its time is past", async () => {
      const email = newAddress();
      const { unsubscribeToken } = await subscribe(email);
      await oneClick(unsubscribeToken);
      await db.query(
        `update public.newsletter_subscribers set unsubscribed_at = now() - interval '31 minutes'
         where email = $1`,
        [email.toLowerCase()],
      );
      expect(dataOf(await pagePost({ token: unsubscribeToken, intent: "undo" }))).toEqual({
        outcome: "too-late",
      });
      expect(await subscriber(email)).toMatchObject({ state: "unsubscribed" });
    });

    test.each([
      ["garbled", "1.abc"],
      ["forged", `1.${"A".repeat(43)}`],
      ["too long", `1.${"A".repeat(5000)}`],
      ["empty", ""],
    ])("a %s token changes nothing and gets 400", async (_, token) => {
      const email = newAddress();
      await subscribe(email);
      expect(statusOf(await oneClick(token))).toBe(400);
      expect(statusOf(await pagePost({ token, intent: "unsubscribe" }))).toBe(400);
      expect(statusOf(await pagePost({ token, intent: "undo" }))).toBe(400);
      expect(await subscriber(email)).toMatchObject({ state: "confirmed" });
    });

    test("a signed link for another subscriber's number is refused", async () => {
      const email = newAddress();
      const { unsubscribeToken } = await subscribe(email);
      const [id, signature] = unsubscribeToken.split(".");
      expect(statusOf(await oneClick(`${Number(id) + 1}.${signature}`))).toBe(400);
      expect(await subscriber(email)).toMatchObject({ state: "confirmed" });
    });
  });
});
