import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { drivers, routeTest } from "../../tests/support/route-test";
import { CookieJar } from "../../tests/support/staff-requests";
import { PASSWORD as password, staffHarness } from "../../tests/support/staff-session";
import { startSupabaseAuthFake } from "../../tests/support/supabase-auth-fake";
import { action as forgotAction } from "./staff/forgot-password";
import { loader as inboxLoader } from "./staff/inbox";
import { action as peopleAction } from "./staff/people";
import { action as resetAction } from "./staff/reset-password";
import { action as setupAction, loader as setupLoader } from "./staff/setup";
import { supabaseAuthBackend } from "~/platform/auth-backend.server";
import type { PeopleActionData } from "~/staff/accounts/people-page.server";
import { recoveriesPassedOn } from "~/staff/accounts/recovery.server";
import { STAFF_SESSION_COOKIE } from "~/staff/accounts/session.server";
import { EXPIRED_INVITATION, EXPIRED_RECOVERY } from "~/staff/accounts/staff-forms";

/**
 * Revocation is final: a new password (from any kind of link), a removal
 * and a re-invitation each leave every earlier link and session of the
 * member useless, with the embedded sign-in service and with a Supabase
 * project's Auth (the loopback fake), on both drivers.
 */

const recoveryPassword = "a password from the recovery mail";
const ownerLinkPassword = "a password from the owner's link";
const both = (secret: string) => ({ password: secret, confirmPassword: secret });
const pathOf = (link: string) => {
  const url = new URL(link, "http://localhost");
  return `${url.pathname}${url.search}`;
};

const modes = ["embedded", "supabase"] as const;

/**
 * The staff area in either mode, and the recovery link a member was last
 * mailed: from the outbox (the embedded service's mail hook), or as the
 * project would have mailed it.
 */
const test = routeTest
  .extend("mode", "embedded" as (typeof modes)[number])
  .extend("site", async ({ mode, db, staff }, { onCleanup }) => {
    if (mode === "embedded") {
      const lastRecoveryPath = async (email: string) => {
        await recoveriesPassedOn();
        const [mail] = await db.query<{ text: string }>(
          "select text_body as text from public.outbox where to_address = $1 order by id desc limit 1",
          [email],
        );
        const found = /(\/staff\/reset-password\?token_hash=[0-9a-f]+&type=recovery)/.exec(
          mail?.text ?? "",
        );
        if (!found?.[1]) throw new Error(`No recovery mail for ${email}`);
        return found[1];
      };
      return { ...staff, lastRecoveryPath };
    }
    const fake = await startSupabaseAuthFake({ db });
    onCleanup(() => fake.close());
    const project = staffHarness(db, {
      backend: supabaseAuthBackend({
        url: fake.url,
        publishableKey: fake.publishableKey,
        secretKey: fake.secretKey,
      }),
    });
    const lastRecoveryPath = async (email: string) => {
      await recoveriesPassedOn();
      const mail = fake.mails.findLast((sent) => sent.user.email === email);
      if (!mail) throw new Error(`No recovery mail for ${email}`);
      return `/staff/reset-password?token_hash=${mail.email_data.token_hash}&type=recovery`;
    };
    return { ...project, lastRecoveryPath };
  });

describe.each(drivers.flatMap((driver) => modes.map((mode) => [driver, mode] as const)))(
  "revocation on %s, sign-in service %s",
  (driver, mode) => {
    test.override({ driver, mode });

    test("a reset from the recovery mail leaves an owner's earlier link useless", async ({
      site,
    }) => {
      const owner = await site.signedIn("owner");
      const member = await site.signedIn("editor");
      const postPeople = site.formAt("/staff/people", peopleAction);

      const made = await postPeople(owner, { intent: "link", userId: member.userId });
      expect(made.status).toBe(200);
      const ownerLink = pathOf(((await made.json()) as PeopleActionData).memberLink!.link);

      const browser = new CookieJar();
      const asked = await site.runOpen(
        site.post("/staff/forgot-password", { email: member.email }, browser),
        browser,
        forgotAction,
      );
      expect(asked.status).toBe(200);
      const recovery = await site.lastRecoveryPath(member.email);
      const reset = await site.runOpen(
        site.post(recovery, both(recoveryPassword), browser),
        browser,
        resetAction,
      );
      expect(reset).toHaveRedirect("/staff");

      const holder = new CookieJar();
      const used = await site.runOpen(
        site.post(ownerLink, both(ownerLinkPassword), holder),
        holder,
        setupAction,
      );
      expect(used.status).toBe(410);
      expect(used).not.toSetCookie(STAFF_SESSION_COOKIE);
      expect(((await used.json()) as { formError: string }).formError).toBe(EXPIRED_INVITATION);
      expect((await site.signIn(member.email, ownerLinkPassword)).response.status).toBe(400);
      expect((await site.signIn(member.email, recoveryPassword)).response).toHaveRedirect("/staff");
      // The session from before the new password ended with it.
      expect(await site.load(member, "/staff", inboxLoader)).toHaveRedirect("/staff/sign-in");
    });

    test("a reset with an owner's link leaves an earlier recovery mail useless", async ({
      site,
    }) => {
      const owner = await site.signedIn("owner");
      const member = await site.signedIn("editor");
      const postPeople = site.formAt("/staff/people", peopleAction);

      const browser = new CookieJar();
      await site.runOpen(
        site.post("/staff/forgot-password", { email: member.email }, browser),
        browser,
        forgotAction,
      );
      const recovery = await site.lastRecoveryPath(member.email);

      const made = await postPeople(owner, { intent: "link", userId: member.userId });
      const ownerLink = pathOf(((await made.json()) as PeopleActionData).memberLink!.link);
      const holder = new CookieJar();
      const set = await site.runOpen(
        site.post(ownerLink, both(ownerLinkPassword), holder),
        holder,
        setupAction,
      );
      expect(set).toHaveRedirect("/staff");

      const late = await site.runOpen(
        site.post(recovery, both(recoveryPassword), browser),
        browser,
        resetAction,
      );
      expect(late.status).toBe(410);
      expect(((await late.json()) as { formError: string }).formError).toBe(EXPIRED_RECOVERY);
      expect(browser.names().filter((name) => name.startsWith("sb-"))).toEqual([]);
      expect((await site.signIn(member.email, recoveryPassword)).response.status).toBe(400);
      expect((await site.signIn(member.email, ownerLinkPassword)).response).toHaveRedirect(
        "/staff",
      );
      expect(await site.load(member, "/staff", inboxLoader)).toHaveRedirect("/staff/sign-in");
    });

    test("an invitation refused after a removal stays refused when the person is put back", async ({
      db,
      site,
    }) => {
      const owner = await site.signedIn("owner");
      const postPeople = site.formAt("/staff/people", peopleAction);
      const email = `invited-${randomUUID()}@example.com`;

      const invited = await postPeople(owner, { intent: "invite", email, role: "editor" });
      const invitation = pathOf(((await invited.json()) as PeopleActionData).invited!.link!);
      const [row] = await db.query<{ userId: string }>(
        `select user_id::text as "userId" from public.staff where email = $1`,
        [email],
      );
      expect(await postPeople(owner, { intent: "remove", userId: row!.userId })).toHaveRedirect(
        "/staff/people",
      );
      const again = await postPeople(owner, { intent: "invite", email, role: "editor" });
      expect(again.status).toBe(200);

      const holder = new CookieJar();
      const page = await site.runOpen(site.get(invitation, holder), holder, setupLoader);
      expect(await page.json()).toMatchObject({ state: "invitation-used" });
      const used = await site.runOpen(
        site.post(invitation, both(ownerLinkPassword), holder),
        holder,
        setupAction,
      );
      expect(used.status).toBe(410);
      expect(used).not.toSetCookie(STAFF_SESSION_COOKIE);
      expect((await site.signIn(email, ownerLinkPassword)).response.status).toBe(400);
    });

    test("a session from before a removal does not come back when the person is put back", async ({
      site,
    }) => {
      const owner = await site.signedIn("owner");
      const member = await site.signedIn("editor");
      const postPeople = site.formAt("/staff/people", peopleAction);
      expect((await site.load(member, "/staff", inboxLoader)).status).toBe(200);

      await postPeople(owner, { intent: "remove", userId: member.userId });
      // Put back before the old session is used again (which would end it).
      const back = await postPeople(owner, {
        intent: "invite",
        email: member.email,
        role: "editor",
      });
      expect(back.status).toBe(200);

      expect(await site.load(member, "/staff", inboxLoader)).toHaveRedirect("/staff/sign-in");
      const fresh = await site.signIn(member.email, password);
      expect(fresh.response).toHaveRedirect("/staff");
      expect((await site.load(fresh.jar, "/staff", inboxLoader)).status).toBe(200);
    });
  },
);
