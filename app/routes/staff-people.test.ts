import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { drivers, routeTest } from "../../tests/support/route-test";
import { CookieJar } from "../../tests/support/staff-requests";
import { PASSWORD as password, staffHarness } from "../../tests/support/staff-session";
import { openTestDatabase } from "../../tests/support/test-database";
import { loader as changesLoader } from "./staff/changes";
import { loader as inboxLoader } from "./staff/inbox";
import { action as peopleAction, loader as peopleLoader } from "./staff/people";
import { action as setupAction, loader as setupLoader } from "./staff/setup";
import { LAST_OWNER, OWNERS_ONLY } from "~/staff/accounts/people";
import type { PeopleActionData } from "~/staff/accounts/people-page.server";
import { STAFF_SESSION_COOKIE } from "~/staff/accounts/session.server";
import { getStaffMember } from "~/staff/accounts/staff.server";

type Loaded = {
  members: { email: string; userId: string; role: string }[];
  canManage: boolean;
  removing: { userId: string } | null;
};

const test = routeTest
  .extend("people", ({ staff }) => staff.pageAt("/staff/people", peopleLoader))
  .extend("postPeople", ({ staff }) => staff.formAt("/staff/people", peopleAction));

describe.each(drivers)("the people routes on %s", (driver) => {
  test.override({ driver });

  describe("the staff list", () => {
    test("an owner sees the list and may manage it; an editor sees it read-only", async ({
      people,
      owner,
      editor,
    }) => {
      const asOwner = (await (await people(owner)).json()) as Loaded;
      expect(asOwner.canManage).toBe(true);
      expect(asOwner.members.map((member) => member.email)).toEqual(
        expect.arrayContaining([owner.email, editor.email]),
      );
      const asEditor = (await (await people(editor)).json()) as Loaded;
      expect(asEditor.canManage).toBe(false);
      expect(asEditor.members).toEqual(asOwner.members);
    });

    test("the confirmation step names the member to remove, for owners only", async ({
      people,
      owner,
      editor,
    }) => {
      const path = `/staff/people?remove=${editor.userId}`;
      expect(((await (await people(owner, path)).json()) as Loaded).removing).toMatchObject({
        userId: editor.userId,
      });
      expect(((await (await people(editor, path)).json()) as Loaded).removing).toBeNull();
    });

    test("without a session the list sends the visitor to sign in", async ({ people }) => {
      expect(await people(new CookieJar())).toHaveRedirect(
        "/staff/sign-in?redirectTo=%2Fstaff%2Fpeople",
      );
    });
  });

  describe("inviting", () => {
    test("an owner invites an editor, who sets a password with the link and may not manage staff", async ({
      staff,
      postPeople,
      owner,
    }) => {
      const email = `Invited-${randomUUID()}@Example.com`;
      const response = await postPeople(owner, { intent: "invite", email, role: "editor" });
      expect(response.status).toBe(200);
      expect(response).toSetCookie("toast");
      const body = (await response.json()) as PeopleActionData;
      expect(body.invited).toMatchObject({ email: email.toLowerCase(), role: "editor" });
      const link = new URL(body.invited!.link!);
      expect(link.pathname).toBe("/staff/setup");
      const setupPath = `${link.pathname}${link.search}`;

      // Nobody can sign in as them before they set their password.
      const jar = new CookieJar();
      const page = await staff.runOpen(staff.get(setupPath, jar), jar, setupLoader);
      expect(await page.json()).toMatchObject({ state: "invite", email: email.toLowerCase() });

      const mismatch = await staff.runOpen(
        staff.post(setupPath, { password, confirmPassword: "something else" }, jar),
        jar,
        setupAction,
      );
      expect(mismatch.status).toBe(400);
      const newPassword = "a brand new staff password";
      const set = await staff.runOpen(
        staff.post(setupPath, { password: newPassword, confirmPassword: newPassword }, jar),
        jar,
        setupAction,
      );
      expect(set).toHaveRedirect("/staff");
      expect(set).toSetCookie(STAFF_SESSION_COOKIE);
      expect((await staff.load(jar, "/staff", inboxLoader)).status).toBe(200);

      const again = await staff.runOpen(
        staff.post(setupPath, { password: newPassword, confirmPassword: newPassword }, jar),
        jar,
        setupAction,
      );
      expect(again.status, "the link works once").toBe(410);
      const used = await staff.runOpen(staff.get(setupPath, jar), jar, setupLoader);
      expect(await used.json()).toMatchObject({ state: "invitation-used" });

      const refused = await postPeople(jar, {
        intent: "invite",
        email: `friend-${randomUUID()}@example.com`,
        role: "owner",
      });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as PeopleActionData).formError).toBe(OWNERS_ONLY);
      // The new password signs them in again.
      expect((await staff.signIn(email.toLowerCase(), newPassword)).response).toHaveRedirect(
        "/staff",
      );
    });

    test("without SITE_URL, invitations and links are made only from the server's own loopback origin", async ({
      db,
      staff,
      owner,
    }) => {
      const member = await staff.member();
      const email = `invited-${randomUUID()}@example.com`;
      const from = (origin: string, fields: Record<string, string>) =>
        staff.run(
          new Request(`${origin}/staff/people`, {
            method: "POST",
            headers: { "Sec-Fetch-Site": "same-origin", Origin: origin, Cookie: owner.header() },
            body: new URLSearchParams(fields),
          }),
          owner,
          peopleAction,
        );
      for (const origin of [
        "http://pub.example.net",
        "http://evil.localhost",
        "http://localhost:81",
      ]) {
        const posts: Record<string, string>[] = [
          { intent: "invite", email, role: "editor" },
          { intent: "link", userId: member.userId },
        ];
        for (const fields of posts) {
          const refused = await from(origin, fields);
          expect(refused.status, origin).toBe(409);
          expect(((await refused.json()) as PeopleActionData).formError).toMatch(
            /^Links to the staff pages need the site's address\. Set SITE_URL/,
          );
        }
      }
      expect(await db.query("select 1 from public.staff where email = $1", [email])).toHaveLength(
        0,
      );
      expect(
        await db.query("select 1 from public.staff_setup_codes where user_id = $1", [
          member.userId,
        ]),
      ).toHaveLength(0);

      const made = await from("http://127.0.0.1", { intent: "link", userId: member.userId });
      expect(made.status).toBe(200);
      expect(((await made.json()) as PeopleActionData).memberLink!.link).toMatch(
        /^http:\/\/127\.0\.0\.1\/staff\/setup\?code=/,
      );
    });

    test("an email over 254 characters comes back whole, with the limit in words", async ({
      postPeople,
      owner,
    }) => {
      const email = `${"a".repeat(300)}@example.com`;
      const response = await postPeople(owner, { intent: "invite", email, role: "editor" });
      expect(response.status).toBe(400);
      const body = (await response.json()) as PeopleActionData;
      expect(body.errors.email).toMatch(/at most 254 characters/);
      expect(body.values).toEqual({ email, role: "editor" });
    });

    test("a bad email or an unknown role comes back 400 with the typed values", async ({
      postPeople,
      owner,
    }) => {
      const bad = await postPeople(owner, {
        intent: "invite",
        email: "not an email",
        role: "editor",
      });
      expect(bad.status).toBe(400);
      const badBody = (await bad.json()) as PeopleActionData;
      expect(badBody.errors.email).toMatch(/email address/);
      expect(badBody.values).toEqual({ email: "not an email", role: "editor" });

      const role = await postPeople(owner, {
        intent: "invite",
        email: "someone@example.com",
        role: "admin",
      });
      expect(role.status).toBe(400);
      expect(((await role.json()) as PeopleActionData).errors.role).toMatch(/owner or editor/);
    });

    test("inviting someone on the staff already is refused by the email field", async ({
      postPeople,
      owner,
      editor,
    }) => {
      const response = await postPeople(owner, {
        intent: "invite",
        email: editor.email,
        role: "owner",
      });
      expect(response.status).toBe(409);
      expect(((await response.json()) as PeopleActionData).errors.email).toMatch(/already/);
    });
    test("inviting someone who has an account already puts them on the list, with no link to set its password", async ({
      db,
      staff,
      postPeople,
      owner,
    }) => {
      // An account kept after its holder left the staff, say.
      const former = await staff.signedIn("editor");
      const removed = await postPeople(owner, { intent: "remove", userId: former.userId });
      expect(removed).toHaveRedirect("/staff/people");
      expect(
        await db.query("select 1 from public.staff where user_id = $1", [former.userId]),
      ).toHaveLength(0);

      const response = await postPeople(owner, {
        intent: "invite",
        email: former.email,
        role: "editor",
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as PeopleActionData;
      expect(body.invited).toEqual({
        email: former.email,
        role: "editor",
        link: null,
        expiresAt: null,
        emailed: false,
      });
      expect(
        await db.query("select 1 from public.staff_setup_codes where user_id = $1", [
          former.userId,
        ]),
      ).toHaveLength(0);
      // They sign in as before, with the password they have.
      expect((await staff.signIn(former.email)).response).toHaveRedirect("/staff");
    });
  });

  describe("changing roles and removing", () => {
    test("an owner changes a role and removes a member, whose session ends", async ({
      db,
      staff,
      people,
      postPeople,
      owner,
    }) => {
      const member = await staff.signedIn("editor");
      const promoted = await postPeople(owner, {
        intent: "role",
        userId: member.userId,
        role: "owner",
      });
      expect(promoted).toHaveRedirect("/staff/people");
      expect(promoted).toSetCookie("toast");
      expect((await getStaffMember(db, member.userId))?.role).toBe("owner");

      const removed = await postPeople(owner, { intent: "remove", userId: member.userId });
      expect(removed).toHaveRedirect("/staff/people");
      expect(await getStaffMember(db, member.userId)).toBeNull();
      expect(await people(member)).toHaveRedirect("/staff/sign-in");
    });

    test("an editor's changes are refused with 403 and change nothing", async ({
      db,
      postPeople,
      owner,
      editor,
    }) => {
      for (const fields of <Record<string, string>[]>[
        { intent: "role", userId: editor.userId, role: "owner" },
        { intent: "remove", userId: owner.userId },
      ]) {
        const response = await postPeople(editor, fields);
        expect(response.status).toBe(403);
        expect(((await response.json()) as PeopleActionData).formError).toBe(OWNERS_ONLY);
      }
      expect((await getStaffMember(db, editor.userId))?.role).toBe("editor");
      expect(await getStaffMember(db, owner.userId)).not.toBeNull();
    });

    test("an unknown member is 404, a malformed id or intent 400", async ({
      postPeople,
      owner,
      editor,
    }) => {
      const unknown = await postPeople(owner, { intent: "remove", userId: randomUUID() });
      expect(unknown.status).toBe(404);
      const malformed = await postPeople(owner, { intent: "remove", userId: "1 or 1=1" });
      expect(malformed.status).toBe(400);
      const badRole = await postPeople(owner, {
        intent: "role",
        userId: editor.userId,
        role: "superuser",
      });
      expect(badRole.status).toBe(400);
      expect(((await badRole.json()) as PeopleActionData).formError).toMatch(/owner or editor/);
      const nothing = await postPeople(owner, { intent: "delete-everyone" });
      expect(nothing.status).toBe(400);
    });

    test("the last owner cannot remove or demote themselves", async ({ driver }) => {
      await using fresh = await openTestDatabase(driver);
      const other = staffHarness(fresh);
      const only = await other.signedIn("owner");
      const removed = await other.submit(
        only,
        "/staff/people",
        { intent: "remove", userId: only.userId },
        peopleAction,
      );
      expect(removed.status).toBe(409);
      expect(((await removed.json()) as PeopleActionData).formError).toBe(LAST_OWNER);
      const demoted = await other.submit(
        only,
        "/staff/people",
        { intent: "role", userId: only.userId, role: "editor" },
        peopleAction,
      );
      expect(demoted.status).toBe(409);
      expect((await getStaffMember(fresh, only.userId))?.role).toBe("owner");
    });
  });

  describe("recent changes", () => {
    test("the staff home and the changes page show who changed what", async ({
      staff,
      postPeople,
      owner,
      editor,
    }) => {
      const member = await staff.signedIn("editor");
      expect(
        await postPeople(owner, { intent: "role", userId: member.userId, role: "owner" }),
      ).toHaveRedirect("/staff/people");
      const expected = { who: owner.email, what: `Made ${member.email} an owner` };

      const page = await staff.load(editor, "/staff/changes", changesLoader);
      const { changes } = (await page.json()) as { changes: { who: string; what: string }[] };
      expect(changes[0]).toMatchObject(expected);
      expect(changes.length).toBeLessThanOrEqual(50);

      const home = await staff.load(editor, "/staff", inboxLoader);
      const inbox = (await home.json()) as { changes: { who: string; what: string }[] };
      expect(inbox.changes[0]).toMatchObject(expected);
      expect(inbox.changes).toHaveLength(1);
    });

    test("without a session the changes page sends the visitor to sign in", async ({ staff }) => {
      const response = await staff.load(new CookieJar(), "/staff/changes", changesLoader);
      expect(response).toHaveRedirect("/staff/sign-in?redirectTo=%2Fstaff%2Fchanges");
    });
  });
});
