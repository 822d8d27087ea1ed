import { randomUUID } from "node:crypto";
import { describe, expect, test as plainTest } from "vitest";
import { drivers, formPost, routeTest } from "../../tests/support/route-test";
import { startSmtpFake } from "../../tests/support/smtp-fake";
import { CookieJar } from "../../tests/support/staff-requests";
import { PASSWORD as password } from "../../tests/support/staff-session";
import type { TestDatabase } from "../../tests/support/test-database";
import { action as forgotAction } from "./staff/forgot-password";
import { loader as inboxLoader } from "./staff/inbox";
import { action as peopleAction, loader as peopleLoader } from "./staff/people";
import { action as resetAction } from "./staff/reset-password";
import { action as setupAction, loader as setupLoader } from "./staff/setup";
import { startMailSender } from "~/platform/mail/mail-sender.server";
import { smtpTransport } from "~/platform/mail/smtp-transport.server";
import { OWNERS_ONLY } from "~/staff/accounts/people";
import type { PeopleActionData } from "~/staff/accounts/people-page.server";
import { createAdminClient } from "~/staff/accounts/session.server";
import { parseStaffResetArguments } from "~/staff/accounts/staff-commands.server";
import { StaffResetError, staffResetLink } from "~/staff/accounts/staff-reset.server";
import type { StaffMember } from "~/staff/accounts/staff.server";

const newPassword = "a brand new passphrase for the bar";

const test = routeTest
  .extend("postPeople", ({ staff }) => staff.formAt("/staff/people", peopleAction))
  .extend(
    "members",
    ({ staff }) =>
      async (jar: CookieJar) =>
        (
          (await (await staff.load(jar, "/staff/people", peopleLoader)).json()) as {
            members: StaffMember[];
          }
        ).members,
  )
  /** Posts the setup page's form at `link` (a whole link) with `secret` twice. */
  .extend("setPassword", ({ staff }) => async (link: string, secret: string) => {
    const url = new URL(link);
    const path = `${url.pathname}${url.search}`;
    const jar = new CookieJar();
    const page = await staff.runOpen(staff.get(path, jar), jar, setupLoader);
    const response = await staff.runOpen(
      staff.post(path, { email: "", password: secret, confirmPassword: secret }, jar),
      jar,
      setupAction,
    );
    return { page: (await page.json()) as { state: string; reset: boolean }, response, jar };
  })
  .extend("inbox", ({ staff }) => staff.pageAt("/staff", inboxLoader))
  .extend("pubName", ({ once, db }) =>
    once(
      "pub name",
      async () =>
        (await db.query<{ name: string }>("select name from public.site_settings"))[0]!.name,
    ),
  )
  /** A mail server on loopback, and the site's mail sender delivering the outbox to it. */
  .extend("smtp", ({ once, db }) =>
    once(
      "mail server",
      async () => {
        const smtp = await startSmtpFake();
        const sender = startMailSender({
          database: async () => db,
          transport: smtpTransport({
            url: smtp.url,
            from: { name: "The Pub", address: "site@pub.example" },
          }),
          idleCheckMs: 3_600_000,
        });
        return Object.assign(smtp, { sender });
      },
      async (smtp) => {
        await smtp.sender.stop();
        await smtp.close();
      },
    ),
  );

async function lastMailTo(db: TestDatabase, to: string) {
  const [mail] = await db.query<{ subject: string; text: string; html: string }>(
    `select subject, text_body as text, html_body as html from public.outbox
     where to_address = $1 order by id desc limit 1`,
    [to],
  );
  return mail ?? null;
}

const linkIn = (text: string) => /(http:\/\/localhost\/staff\/setup\?code=[\w-]+)/.exec(text)?.[1];

describe.each(drivers)("links an owner makes for staff, on %s", (driver) => {
  test.override({ driver });

  test("an invitation emailed as well names the pub and the owner, and the member joins with it", async ({
    db,
    postPeople,
    members,
    setPassword,
    owner,
    pubName,
  }) => {
    const email = `invited-${randomUUID()}@example.com`;
    const response = await postPeople(owner, {
      intent: "invite",
      email,
      role: "editor",
      send: "email",
    });
    expect(response.status).toBe(200);
    const { invited } = (await response.json()) as PeopleActionData;
    expect(invited).toMatchObject({ email, emailed: true });

    const mail = await lastMailTo(db, email);
    expect(mail?.subject).toBe(`${owner.email} invited you to ${pubName}'s staff area`);
    expect(mail?.text).toContain(invited!.link!);
    expect(mail?.text).toContain("as an editor");
    expect(mail?.html).toContain(`href="${invited!.link!}"`);

    const listed = (await members(owner)).find((member) => member.email === email);
    expect(listed).toMatchObject({ joined: false });

    const { page, response: set } = await setPassword(invited!.link!, newPassword);
    expect(page).toMatchObject({ state: "invite", reset: false });
    expect(set).toHaveRedirect("/staff");
    expect((await members(owner)).find((member) => member.email === email)).toMatchObject({
      joined: true,
    });
  });

  test("an invitation not emailed queues no mail", async ({ db, postPeople, owner }) => {
    const email = `copied-${randomUUID()}@example.com`;
    const response = await postPeople(owner, { intent: "invite", email, role: "editor" });
    expect(((await response.json()) as PeopleActionData).invited).toMatchObject({
      emailed: false,
    });
    expect(await lastMailTo(db, email)).toBeNull();
  });

  test("copy the link again and send again: a fresh invitation each time, the older one dead", async ({
    db,
    postPeople,
    members,
    setPassword,
    owner,
  }) => {
    const email = `again-${randomUUID()}@example.com`;
    const invited = (await (
      await postPeople(owner, { intent: "invite", email, role: "owner" })
    ).json()) as PeopleActionData;
    const { userId } = (await members(owner)).find((member) => member.email === email)!;

    const copied = await postPeople(owner, { intent: "link", userId, send: "copy" });
    expect(copied.status).toBe(200);
    expect(copied).toSetCookie("toast");
    const again = ((await copied.json()) as PeopleActionData).memberLink!;
    expect(again).toMatchObject({ email, purpose: "invitation", emailed: false });
    expect(again.link).not.toBe(invited.invited!.link);
    expect(await lastMailTo(db, email)).toBeNull();

    const sent = await postPeople(owner, { intent: "link", userId, send: "email" });
    const mailed = ((await sent.json()) as PeopleActionData).memberLink!;
    expect(mailed).toMatchObject({ purpose: "invitation", emailed: true });
    const mail = await lastMailTo(db, email);
    expect(linkIn(mail!.text)).toBe(mailed.link);
    expect(mail!.text).toContain("as an owner");

    // Only the newest link works.
    expect((await setPassword(invited.invited!.link!, newPassword)).response.status).toBe(410);
    expect((await setPassword(again.link, newPassword)).response.status).toBe(410);
    expect((await setPassword(mailed.link, newPassword)).response).toHaveRedirect("/staff");
  });

  test("a reset link for a member who has joined sets a new password and signs them out elsewhere", async ({
    db,
    staff,
    postPeople,
    setPassword,
    inbox,
    owner,
    pubName,
  }) => {
    const editor = await staff.signedIn("editor");
    const made = await postPeople(owner, {
      intent: "link",
      userId: editor.userId,
      send: "email",
    });
    expect(made.status).toBe(200);
    const { memberLink } = (await made.json()) as PeopleActionData;
    expect(memberLink).toMatchObject({ email: editor.email, purpose: "reset", emailed: true });
    const hour = Date.parse(memberLink!.expiresAt) - Date.now();
    expect(hour).toBeGreaterThan(59 * 60_000);
    expect(hour).toBeLessThanOrEqual(60 * 60_000);
    const mail = await lastMailTo(db, editor.email);
    expect(mail?.subject).toBe(`A link to set a new password for ${pubName}'s staff area`);
    expect(mail?.text).toContain(`${owner.email} made you a link`);

    // Their current password works until the new one is set.
    expect((await staff.signIn(editor.email)).response).toHaveRedirect("/staff");
    const { page, response } = await setPassword(memberLink!.link, newPassword);
    expect(page).toMatchObject({ state: "invite", reset: true });
    expect(response).toHaveRedirect("/staff");
    expect(await inbox(editor)).toHaveRedirect("/staff/sign-in");
    expect((await staff.signIn(editor.email, newPassword)).response).toHaveRedirect("/staff");
    expect((await staff.signIn(editor.email, password)).response.status).toBe(400);
  });

  test("an expired reset link does not work", async ({
    db,
    staff,
    postPeople,
    setPassword,
    owner,
  }) => {
    const editor = await staff.signedIn("editor");
    const { memberLink } = (await (
      await postPeople(owner, { intent: "link", userId: editor.userId })
    ).json()) as PeopleActionData;
    await db.query(
      "update public.staff_setup_codes set expires_at = now() - interval '1 second' where user_id = $1::uuid",
      [editor.userId],
    );
    const { page, response } = await setPassword(memberLink!.link, newPassword);
    expect(page.state).toBe("invitation-used");
    expect(response.status).toBe(410);
    expect((await staff.signIn(editor.email)).response).toHaveRedirect("/staff");
  });

  test("only owners make links, for members on the list", async ({
    db,
    staff,
    postPeople,
    owner,
  }) => {
    const editor = await staff.signedIn("editor");
    const refused = await postPeople(editor, {
      intent: "link",
      userId: owner.userId,
      send: "email",
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as PeopleActionData).formError).toBe(OWNERS_ONLY);
    expect(await lastMailTo(db, owner.email)).toBeNull();

    const bad = await postPeople(owner, { intent: "link", userId: "not-a-uuid" });
    expect(bad.status).toBe(400);
    const unknown = await postPeople(owner, { intent: "link", userId: randomUUID() });
    expect(unknown.status).toBe(404);
    const badSend = await postPeople(owner, {
      intent: "link",
      userId: editor.userId,
      send: "fax",
    });
    expect(badSend.status).toBe(400);
  });

  test("a pub name and an owner's address with line breaks add no header", async ({
    db,
    postPeople,
    owner,
    pubName,
  }) => {
    await db.query("update public.site_settings set name = $1", [
      "The Pub\r\nBcc: someone@elsewhere.example",
    ]);
    try {
      const email = `hostile-${randomUUID()}@example.com`;
      await postPeople(owner, { intent: "invite", email, role: "editor", send: "email" });
      const mail = await lastMailTo(db, email);
      expect(mail?.subject).not.toMatch(/[\r\n]/);
      expect(mail?.subject).toContain("The Pub Bcc: someone@elsewhere.example");
      expect(mail?.html).not.toContain("<script");
    } finally {
      await db.query("update public.site_settings set name = $1", [pubName]);
    }
  });

  describe("the staff-reset command's link", () => {
    test("for a member: a reset link that works once", async ({ db, staff, setPassword }) => {
      const editor = await staff.signedIn("editor");
      const made = await staffResetLink(db, staff.backend, {
        email: editor.email.toUpperCase(),
        origin: "http://localhost/",
      });
      expect(made).toMatchObject({ email: editor.email, purpose: "reset" });
      expect(made.link).toMatch(/^http:\/\/localhost\/staff\/setup\?code=[\w-]{43}$/);
      expect((await setPassword(made.link, newPassword)).response).toHaveRedirect("/staff");
      expect((await setPassword(made.link, newPassword)).response.status).toBe(410);
    });

    test("for an unknown email, or an account off the staff list, a clear error", async ({
      db,
      staff,
    }) => {
      const unknown = `nobody-${randomUUID()}@example.com`;
      await expect(
        staffResetLink(db, staff.backend, { email: unknown, origin: "http://localhost" }),
      ).rejects.toThrow(
        new StaffResetError(
          `Nobody on the staff list has the email ${unknown}. Check the address, or add them with: npm run staff:add -- --email ${unknown} --role owner`,
        ),
      );
      const stranger = `stranger-${randomUUID()}@example.com`;
      await createAdminClient(staff.backend)!.auth.admin.createUser({
        email: stranger,
        password,
        email_confirm: true,
      });
      await expect(
        staffResetLink(db, staff.backend, { email: stranger, origin: "http://localhost" }),
      ).rejects.toThrow(/has an account but is not on the staff list/);
    });
  });
});

describe("the staff-reset command's arguments", () => {
  plainTest("one email is needed", () => {
    expect(parseStaffResetArguments(["--email", "Sam@Example.com"])).toEqual({
      ok: true,
      email: "sam@example.com",
    });
    expect(parseStaffResetArguments(["--email=sam@example.com"])).toMatchObject({ ok: true });
    expect(parseStaffResetArguments([])).toMatchObject({ ok: false });
    expect(parseStaffResetArguments(["--email"])).toEqual({
      ok: false,
      message: "--email needs a value.",
    });
    expect(parseStaffResetArguments(["--email", "nope"])).toEqual({
      ok: false,
      message: "--email must be an email address.",
    });
    expect(
      parseStaffResetArguments(["--email", "a@example.com", "--email", "b@example.com"]),
    ).toMatchObject({ ok: false });
    expect(parseStaffResetArguments(["--role", "owner"])).toEqual({
      ok: false,
      message: 'Unknown argument "--role".',
    });
  });
});

describe.each(drivers)("the recovery mail through a mail server on %s", (driver) => {
  // The sender delivers the whole outbox: the other tests' mails are not in this one's.
  test.override({ driver, databaseFor: "the mail server's tests" });

  test("the mail arrives, and its link sets a new password and signs the member in", async ({
    staff,
    smtp,
    inbox,
  }) => {
    const { email } = await staff.signedIn("editor");
    const asked = await staff.runOpen(
      formPost("/staff/forgot-password", { email }),
      new CookieJar(),
      forgotAction,
    );
    expect(asked.status).toBe(200);

    const received = await smtp.message(smtp.received.length + 1);
    expect(received.envelope.to).toEqual([email]);
    const { parsed } = received;
    expect(parsed.subject).toMatch(/^Set a new password for .+'s staff area$/);
    expect(parsed.from?.value[0]?.address).toBe("site@pub.example");
    const link =
      /(http:\/\/localhost\/staff\/reset-password\?token_hash=[0-9a-f]{64}&type=recovery)/.exec(
        parsed.text ?? "",
      )?.[1];
    expect(link).toBeDefined();
    expect(parsed.html).toContain(`href="${link!.replace("&", "&amp;")}"`);

    const url = new URL(link!);
    const jar = new CookieJar();
    const set = await staff.runOpen(
      staff.post(
        `${url.pathname}${url.search}`,
        { password: newPassword, confirmPassword: newPassword },
        jar,
      ),
      jar,
      resetAction,
    );
    expect(set).toHaveRedirect("/staff");
    expect((await inbox(jar)).status).toBe(200);
    expect((await staff.signIn(email, newPassword)).response).toHaveRedirect("/staff");
  });
});
