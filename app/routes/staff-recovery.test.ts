import { randomUUID } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { drivers, formPost, routeTest } from "../../tests/support/route-test";
import { CookieJar, runRoute } from "../../tests/support/staff-requests";
import {
  startSupabaseAuthFake,
  type SupabaseAuthFake,
} from "../../tests/support/supabase-auth-fake";
import { contextWithDatabase, type TestDatabase } from "../../tests/support/test-database";
import { loader as inboxLoader } from "./staff/inbox";
import { action as forgotAction } from "./staff/forgot-password";
import { action as resetAction, loader as resetLoader } from "./staff/reset-password";
import { action as signInAction } from "./staff/sign-in";
import { supabaseAuthBackend, type AuthBackend } from "~/platform/auth-backend.server";
import { authBackendContext, clientAddressContext } from "~/platform/context";
import { crossSiteRefusal, isCrossSitePost } from "~/server/pipeline/cross-site";
import { addStaff } from "~/staff/accounts/add-staff.server";
import {
  recoveriesPassedOn,
  recoveryLink,
  type ForgotActionData,
  type ResetActionData,
} from "~/staff/accounts/recovery.server";
import { createAdminClient, requireStaff, staffSession } from "~/staff/accounts/session.server";
import { EXPIRED_RECOVERY, RECOVERY_ON_ITS_WAY } from "~/staff/accounts/staff-forms";

const password = "correct horse battery staple";
const newPassword = "a brand new passphrase for the bar";
/** The request pipeline's cross-site check, which runs before any route. */
const crossSiteCheck: MiddlewareFunction<Response> = ({ request }) => {
  if (isCrossSitePost(request)) throw crossSiteRefusal();
};
const LAYOUT: MiddlewareFunction<Response>[] = [crossSiteCheck, staffSession];
const AREA: MiddlewareFunction<Response>[] = [staffSession, requireStaff];

/** A site over `db` and `backend`, and the requests one browser makes to it. */
function site(db: TestDatabase, backend: AuthBackend) {
  const context = (address = `203.0.113.${Math.floor(Math.random() * 200) + 1}`) => {
    const provided = contextWithDatabase(db);
    provided.set(authBackendContext, async () => backend);
    provided.set(clientAddressContext, address);
    return provided;
  };
  const post = (path: string, fields: Record<string, string>, jar: CookieJar, origin?: string) =>
    formPost(
      path,
      fields,
      origin ? { Cookie: jar.header(), Host: new URL(origin).host } : { Cookie: jar.header() },
    );

  async function member(role: "owner" | "editor" = "editor") {
    const email = `${role}-${randomUUID()}@example.com`;
    const { userId } = await addStaff(db, backend, { email, role, password });
    return { email, userId };
  }

  async function signIn(email: string, secret: string) {
    const jar = new CookieJar();
    const response = jar.take(
      await runRoute(
        post("/staff/sign-in", { email, password: secret, redirectTo: "/staff" }, jar),
        context(),
        LAYOUT,
        signInAction,
      ),
    );
    return { jar, response };
  }

  async function forgot(email: string, { address, url }: { address?: string; url?: string } = {}) {
    const jar = new CookieJar();
    const request = url
      ? new Request(url, {
          method: "POST",
          headers: { "Sec-Fetch-Site": "same-origin", Origin: new URL(url).origin },
          body: new URLSearchParams({ email }),
        })
      : post("/staff/forgot-password", { email }, jar);
    const answer = await runRoute(request, context(address), LAYOUT, forgotAction);
    await recoveriesPassedOn();
    return answer;
  }

  async function reset(path: string, fields: Record<string, string>, jar = new CookieJar()) {
    const response = jar.take(
      await runRoute(post(path, fields, jar), context(), LAYOUT, resetAction),
    );
    return { jar, response };
  }

  const both = (secret: string) => ({ password: secret, confirmPassword: secret });

  return { context, member, signIn, forgot, reset, both };
}

/** The last mail queued for `to`, its text, and the reset page's path in it. */
async function recoveryMailTo(db: TestDatabase, to: string) {
  const [mail] = await db.query<{ subject: string; text: string; html: string }>(
    `select subject, text_body as text, html_body as html from public.outbox
     where to_address = $1 order by id desc limit 1`,
    [to],
  );
  if (!mail) return null;
  const link = /(\/staff\/reset-password\?token_hash=[0-9a-f]+&type=recovery)/.exec(mail.text);
  return { ...mail, path: link?.[1] ?? null };
}

const mailsTo = async (db: TestDatabase, to: string) =>
  (
    await db.query<{ count: number }>(
      "select count(*)::int as count from public.outbox where to_address = $1",
      [to],
    )
  )[0]!.count;

/** The site over the test's database, with the embedded service that queues its mails. */
const test = routeTest.extend("the", ({ db, staff }) => site(db, staff.backend));

describe.each(drivers)("password recovery with the embedded service on %s", (driver) => {
  test.override({ driver });

  test("a member asks for a link, sets a new password with it, and is signed in", async ({
    db,
    the,
  }) => {
    const { email } = await the.member();
    const elsewhere = await the.signIn(email, password);

    const asked = await the.forgot(email.toUpperCase());
    expect(asked.status).toBe(200);
    expect(await asked.json()).toMatchObject({ sent: email, formError: null });

    const mail = await recoveryMailTo(db, email);
    expect(mail?.subject).toMatch(/^Set a new password for .+'s staff area$/);
    expect(mail?.text).toContain("works once, within an hour");
    expect(mail?.text).toContain(`http://localhost${mail?.path}`);
    const path = mail!.path!;

    // Opening the link spends nothing.
    const page = await runRoute(
      new Request(new URL(path, "http://localhost")),
      the.context(),
      LAYOUT,
      resetLoader,
    );
    expect(await page.json()).toMatchObject({ tokenHash: expect.stringMatching(/^[0-9a-f]{64}$/) });

    const { jar, response } = await the.reset(path, the.both(newPassword));
    expect(response).toHaveRedirect("/staff");
    expect(response).toSetCookie("toast");
    const inbox = await runRoute(
      new Request("http://localhost/staff", { headers: { Cookie: jar.header() } }),
      the.context(),
      AREA,
      inboxLoader,
    );
    expect(inbox.status).toBe(200);

    expect((await the.signIn(email, newPassword)).response).toHaveRedirect("/staff");
    expect((await the.signIn(email, password)).response.status).toBe(400);
    // The session that was open elsewhere ended with the new password.
    const old = await runRoute(
      new Request("http://localhost/staff", { headers: { Cookie: elsewhere.jar.header() } }),
      the.context(),
      AREA,
      inboxLoader,
    );
    expect(old).toHaveRedirect("/staff/sign-in");

    // The link works once.
    const again = await the.reset(path, the.both("yet another long passphrase"));
    expect(again.response.status).toBe(410);
    expect(await again.response.json()).toMatchObject({
      formError: EXPIRED_RECOVERY,
      expired: true,
    });
  });

  test("an unknown address and an account off the staff list get the same answer and no mail", async ({
    db,
    the,
  }) => {
    const member = await the.member();
    const unknown = `nobody-${randomUUID()}@example.com`;
    const stranger = `stranger-${randomUUID()}@example.com`;
    const admin = createAdminClient((await the.context().get(authBackendContext)())!)!;
    await admin.auth.admin.createUser({ email: stranger, password, email_confirm: true });

    const answers = [];
    for (const email of [member.email, unknown, stranger]) {
      const response = await the.forgot(email);
      expect(response.status).toBe(200);
      const body = (await response.json()) as ForgotActionData;
      answers.push({ ...body, sent: body.sent === email, values: null });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await mailsTo(db, member.email)).toBe(1);
    expect(await mailsTo(db, unknown)).toBe(0);
    expect(await mailsTo(db, stranger)).toBe(0);
  });

  test("a member's answer comes after the same steps as anyone's: the link is asked for after it", async ({
    db,
    staff,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    const slowAuth: AuthBackend = {
      ...staff.backend,
      async fetch(input, init) {
        if (
          new URL(input instanceof Request ? input.url : String(input)).pathname.endsWith(
            "/recover",
          )
        ) {
          asked += 1;
          await held;
        }
        return staff.backend.fetch(input, init);
      },
    };
    const the = site(db, slowAuth);
    const { email } = await the.member();
    const ask = (to: string) =>
      runRoute(
        formPost("/staff/forgot-password", { email: to }, {}),
        the.context(),
        LAYOUT,
        forgotAction,
      );

    const member = await ask(email);
    const stranger = await ask(`nobody-${randomUUID()}@example.com`);
    expect(member.status).toBe(200);
    expect(stranger.status).toBe(200);
    const answers = [
      (await member.json()) as ForgotActionData,
      (await stranger.json()) as ForgotActionData,
    ];
    expect({ ...answers[0], values: null, sent: null }).toEqual({
      ...answers[1],
      values: null,
      sent: null,
    });
    // Both answered while the member's link was still being made.
    expect(await mailsTo(db, email)).toBe(0);

    release();
    await recoveriesPassedOn();
    expect(asked).toBe(1);
    expect(await mailsTo(db, email)).toBe(1);
  });

  test("an address that is not one is refused, with what was typed", async ({ the }) => {
    const response = await the.forgot("not an address");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      values: { email: "not an address" },
      errors: { email: expect.any(String) },
      sent: null,
    });
  });

  test("asking too often for one address waits, whoever asks", async ({ db, the }) => {
    const { email } = await the.member();
    for (let ask = 1; ask <= 3; ask += 1) {
      expect((await the.forgot(email)).status).toBe(200);
    }
    const refused = await the.forgot(email);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await refused.json()) as ForgotActionData).formError).toMatch(/^Too many links/);
    // Auth sends one link a minute: the three asks made one mail.
    expect(await mailsTo(db, email)).toBe(1);
    const unknown = `nobody-${randomUUID()}@example.com`;
    for (let ask = 1; ask <= 3; ask += 1) await the.forgot(unknown);
    expect((await the.forgot(unknown)).status).toBe(429);
  });

  test("a link that has expired, or was replaced by a newer one, does not work", async ({
    db,
    the,
  }) => {
    const { email } = await the.member();
    await the.forgot(email);
    const first = (await recoveryMailTo(db, email))!.path!;
    // A minute later another is asked for: it replaces the first.
    await db.query(
      "update auth.one_time_tokens set created_at = now() - interval '2 minutes' where relates_to = $1",
      [email],
    );
    await the.forgot(email);
    const second = (await recoveryMailTo(db, email))!.path!;
    expect(second).not.toBe(first);
    expect((await the.reset(first, the.both(newPassword))).response.status).toBe(410);

    await db.query(
      "update auth.one_time_tokens set created_at = now() - interval '61 minutes' where relates_to = $1",
      [email],
    );
    expect((await the.reset(second, the.both(newPassword))).response.status).toBe(410);
    expect((await the.signIn(email, password)).response).toHaveRedirect("/staff");
  });

  test("mismatched and weak passwords come back without spending the link", async ({ db, the }) => {
    const { email } = await the.member();
    await the.forgot(email);
    const path = (await recoveryMailTo(db, email))!.path!;

    const mismatched = await the.reset(path, {
      password: newPassword,
      confirmPassword: `${newPassword}!`,
    });
    expect(mismatched.response.status).toBe(400);
    expect(((await mismatched.response.json()) as ResetActionData).errors).toEqual({
      confirmPassword: "The two passwords differ. Type the same password twice.",
    });
    const weak = await the.reset(path, the.both("short"));
    expect(weak.response.status).toBe(400);
    expect(((await weak.response.json()) as ResetActionData).errors.password).toBe(
      "Use at least 12 characters.",
    );
    expect((await the.reset(path, the.both(newPassword))).response).toHaveRedirect("/staff");
  });

  test("a link without its token, or with a made-up one, does not work", async ({ the }) => {
    const none = await the.reset("/staff/reset-password", the.both(newPassword));
    expect(none.response.status).toBe(410);
    const madeUp = await the.reset(
      `/staff/reset-password?token_hash=${"ab".repeat(32)}&type=recovery`,
      the.both(newPassword),
    );
    expect(madeUp.response.status).toBe(410);
    expect(madeUp.jar.names().filter((name) => name.startsWith("sb-"))).toEqual([]);
  });

  test("without SITE_URL a link is sent only for a loopback request on the server's own port", async ({
    db,
    the,
  }) => {
    const { email } = await the.member();
    const elsewhere = await the.member();
    const untrusted = [
      [email, "http://evil.localhost"],
      [email, "http://localhost:9999"],
      [elsewhere.email, "http://pub.example.net"],
      [elsewhere.email, "http://127.0.0.2"],
    ] as const;
    for (const [to, origin] of untrusted) {
      const asked = await the.forgot(to, { url: `${origin}/staff/forgot-password` });
      expect(asked.status, origin).toBe(200);
      expect(await asked.json()).toMatchObject({ sent: to, formError: null });
    }
    expect(await mailsTo(db, email)).toBe(0);
    expect(await mailsTo(db, elsewhere.email)).toBe(0);

    await the.forgot(email, { url: "http://[::1]/staff/forgot-password" });
    const mail = (await recoveryMailTo(db, email))!;
    expect(mail.text).toContain(`http://[::1]${mail.path}`);
  });

  test("a cross-site post is refused before anything is sent", async ({ db, the }) => {
    const { email } = await the.member();
    const response = await runRoute(
      new Request("http://localhost/staff/forgot-password", {
        method: "POST",
        headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://elsewhere.example" },
        body: new URLSearchParams({ email }),
      }),
      the.context(),
      LAYOUT,
      forgotAction,
    );
    expect(response.status).toBe(403);
    expect(await mailsTo(db, email)).toBe(0);
  });

  test("the answer's words", async () => {
    expect(RECOVERY_ON_ITS_WAY).toBe(
      "If that address belongs to a staff member, a link to set a new password is on its way.",
    );
    expect(recoveryLink("/staff/reset-password", "ab")).toEqual({
      link: null,
      path: "/staff/reset-password?token_hash=ab&type=recovery",
      lasts: "an hour",
    });
    expect(recoveryLink("javascript:alert(1)", "ab").link).toBeNull();
  });
});

describe("password recovery through a Supabase project's Auth (a loopback fake)", () => {
  let fake: SupabaseAuthFake;
  let the: ReturnType<typeof site>;

  beforeAll(async () => {
    fake = await startSupabaseAuthFake();
    the = site(
      fake.db as TestDatabase,
      supabaseAuthBackend({
        url: fake.url,
        publishableKey: fake.publishableKey,
        secretKey: fake.secretKey,
      }),
    );
  });
  afterAll(async () => {
    await fake?.close();
  });

  test("the site asks /auth/v1/recover, and the project's link sets the password", async () => {
    const { email } = await the.member();
    const before = fake.mails.length;
    expect((await the.forgot(email)).status).toBe(200);
    const sent = await fake.mail(before + 1);
    expect(sent.user.email).toBe(email);
    expect(sent.email_data).toMatchObject({
      email_action_type: "recovery",
      redirect_to: "http://localhost/staff/reset-password",
    });
    // The project's recovery template: {{ .RedirectTo }}?token_hash={{ .TokenHash }}&type=recovery
    const link = new URL(
      `${sent.email_data.redirect_to}?token_hash=${sent.email_data.token_hash}&type=recovery`,
    );
    const path = `${link.pathname}${link.search}`;
    expect((await the.reset(path, the.both(newPassword))).response).toHaveRedirect("/staff");
    expect((await the.signIn(email, newPassword)).response).toHaveRedirect("/staff");
    expect((await the.reset(path, the.both(newPassword))).response.status).toBe(410);
  });

  test("an address off the staff list is not sent to the project at all", async () => {
    const before = fake.mails.length;
    expect((await the.forgot(`nobody-${randomUUID()}@example.com`)).status).toBe(200);
    expect(fake.mails.length).toBe(before);
  });
});
