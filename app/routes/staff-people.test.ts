import { randomUUID } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { formPost } from "../../tests/support/route-args";
import { CookieJar, runRoute } from "../../tests/support/staff-requests";
import {
  contextWithDatabase,
  drivers,
  openTestDatabase,
  type TestDatabase,
} from "../../tests/support/test-database";
import { loader as changesLoader } from "./staff/changes";
import { loader as inboxLoader } from "./staff/inbox";
import { action as peopleAction, loader as peopleLoader } from "./staff/people";
import { action as setupAction, loader as setupLoader } from "./staff/setup";
import { action as signInAction } from "./staff/sign-in";
import { embeddedAuthBackend, type AuthBackend } from "~/platform/auth-backend.server";
import { generateSigningKey } from "~/platform/auth-service/signing-key.server";
import { authBackendContext, clientAddressContext } from "~/platform/context";
import { addStaff } from "~/staff/accounts/add-staff.server";
import { LAST_OWNER, OWNERS_ONLY } from "~/staff/accounts/people";
import type { PeopleActionData } from "~/staff/accounts/people-page.server";
import { STAFF_SESSION_COOKIE, requireStaff, staffSession } from "~/staff/accounts/session.server";
import { getStaffMember } from "~/staff/accounts/staff.server";

const signingKey = generateSigningKey();
const password = "correct horse battery staple";
const LAYOUT: MiddlewareFunction<Response>[] = [staffSession];
const AREA: MiddlewareFunction<Response>[] = [staffSession, requireStaff];

/** One database with its sign-in service, and the requests a browser makes to it. */
function site(db: TestDatabase) {
  const backend: AuthBackend = embeddedAuthBackend(db, signingKey);
  const context = () => {
    const provided = contextWithDatabase(db);
    provided.set(authBackendContext, async () => backend);
    provided.set(clientAddressContext, `203.0.113.${Math.floor(Math.random() * 200)}`);
    return provided;
  };
  const get = (path: string, jar: CookieJar) =>
    new Request(new URL(path, "http://localhost"), { headers: { Cookie: jar.header() } });
  const post = (path: string, fields: Record<string, string>, jar: CookieJar) =>
    formPost(path, fields, { Cookie: jar.header() });

  async function signedIn(email: string, secret = password) {
    const jar = new CookieJar();
    const response = jar.take(
      await runRoute(
        post("/staff/sign-in", { email, password: secret, redirectTo: "/staff" }, jar),
        context(),
        LAYOUT,
        signInAction,
      ),
    );
    expect(response).toHaveRedirect("/staff");
    return jar;
  }

  async function staffMember(role: "owner" | "editor") {
    const email = `${role}-${randomUUID()}@example.com`;
    const added = await addStaff(db, backend, { email, role, password });
    return { email, userId: added.userId, jar: await signedIn(email) };
  }

  const people = async (jar: CookieJar, path = "/staff/people") =>
    jar.take(await runRoute(get(path, jar), context(), AREA, peopleLoader));
  const postPeople = async (jar: CookieJar, fields: Record<string, string>) =>
    jar.take(await runRoute(post("/staff/people", fields, jar), context(), AREA, peopleAction));

  return { context, get, post, signedIn, staffMember, people, postPeople };
}

type Loaded = {
  members: { email: string; userId: string; role: string }[];
  canManage: boolean;
  removing: { userId: string } | null;
};

describe.each(drivers)("the people routes on %s", (driver) => {
  let db: TestDatabase;
  let the: ReturnType<typeof site>;
  let owner: Awaited<ReturnType<ReturnType<typeof site>["staffMember"]>>;
  let editor: typeof owner;

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    the = site(db);
    owner = await the.staffMember("owner");
    editor = await the.staffMember("editor");
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
  });

  describe("the staff list", () => {
    test("an owner sees the list and may manage it; an editor sees it read-only", async () => {
      const asOwner = (await (await the.people(owner.jar)).json()) as Loaded;
      expect(asOwner.canManage).toBe(true);
      expect(asOwner.members.map((member) => member.email)).toEqual(
        expect.arrayContaining([owner.email, editor.email]),
      );
      const asEditor = (await (await the.people(editor.jar)).json()) as Loaded;
      expect(asEditor.canManage).toBe(false);
      expect(asEditor.members).toEqual(asOwner.members);
    });

    test("the confirmation step names the member to remove, for owners only", async () => {
      const path = `/staff/people?remove=${editor.userId}`;
      expect(((await (await the.people(owner.jar, path)).json()) as Loaded).removing).toMatchObject(
        {
          userId: editor.userId,
        },
      );
      expect(((await (await the.people(editor.jar, path)).json()) as Loaded).removing).toBeNull();
    });

    test("without a session the list sends the visitor to sign in", async () => {
      expect(await the.people(new CookieJar())).toHaveRedirect(
        "/staff/sign-in?redirectTo=%2Fstaff%2Fpeople",
      );
    });
  });

  describe("inviting", () => {
    test("an owner invites an editor, who sets a password with the link and may not manage staff", async () => {
      const email = `Invited-${randomUUID()}@Example.com`;
      const response = await the.postPeople(owner.jar, { intent: "invite", email, role: "editor" });
      expect(response.status).toBe(200);
      expect(response).toSetCookie("toast");
      const body = (await response.json()) as PeopleActionData;
      expect(body.invited).toMatchObject({ email: email.toLowerCase(), role: "editor" });
      const link = new URL(body.invited!.link!);
      expect(link.pathname).toBe("/staff/setup");
      const setupPath = `${link.pathname}${link.search}`;

      // Nobody can sign in as them before they set their password.
      const jar = new CookieJar();
      const page = await runRoute(the.get(setupPath, jar), the.context(), LAYOUT, setupLoader);
      expect(await page.json()).toMatchObject({ state: "invite", email: email.toLowerCase() });

      const mismatch = await runRoute(
        the.post(setupPath, { password, confirmPassword: "something else" }, jar),
        the.context(),
        LAYOUT,
        setupAction,
      );
      expect(mismatch.status).toBe(400);
      const newPassword = "a brand new staff password";
      const set = jar.take(
        await runRoute(
          the.post(setupPath, { password: newPassword, confirmPassword: newPassword }, jar),
          the.context(),
          LAYOUT,
          setupAction,
        ),
      );
      expect(set).toHaveRedirect("/staff");
      expect(set).toSetCookie(STAFF_SESSION_COOKIE);
      expect(
        (await runRoute(the.get("/staff", jar), the.context(), AREA, inboxLoader)).status,
      ).toBe(200);

      const again = await runRoute(
        the.post(setupPath, { password: newPassword, confirmPassword: newPassword }, jar),
        the.context(),
        LAYOUT,
        setupAction,
      );
      expect(again.status, "the link works once").toBe(410);
      const used = await runRoute(the.get(setupPath, jar), the.context(), LAYOUT, setupLoader);
      expect(await used.json()).toMatchObject({ state: "invitation-used" });

      const refused = await the.postPeople(jar, {
        intent: "invite",
        email: `friend-${randomUUID()}@example.com`,
        role: "owner",
      });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as PeopleActionData).formError).toBe(OWNERS_ONLY);
      // The new password signs them in again.
      await the.signedIn(email.toLowerCase(), newPassword);
    });

    test("an email over 254 characters comes back whole, with the limit in words", async () => {
      const email = `${"a".repeat(300)}@example.com`;
      const response = await the.postPeople(owner.jar, { intent: "invite", email, role: "editor" });
      expect(response.status).toBe(400);
      const body = (await response.json()) as PeopleActionData;
      expect(body.errors.email).toMatch(/at most 254 characters/);
      expect(body.values).toEqual({ email, role: "editor" });
    });

    test("a bad email or an unknown role comes back 400 with the typed values", async () => {
      const bad = await the.postPeople(owner.jar, {
        intent: "invite",
        email: "not an email",
        role: "editor",
      });
      expect(bad.status).toBe(400);
      const badBody = (await bad.json()) as PeopleActionData;
      expect(badBody.errors.email).toMatch(/email address/);
      expect(badBody.values).toEqual({ email: "not an email", role: "editor" });

      const role = await the.postPeople(owner.jar, {
        intent: "invite",
        email: "someone@example.com",
        role: "admin",
      });
      expect(role.status).toBe(400);
      expect(((await role.json()) as PeopleActionData).errors.role).toMatch(/owner or editor/);
    });

    test("inviting someone on the staff already is refused by the email field", async () => {
      const response = await the.postPeople(owner.jar, {
        intent: "invite",
        email: editor.email,
        role: "owner",
      });
      expect(response.status).toBe(409);
      expect(((await response.json()) as PeopleActionData).errors.email).toMatch(/already/);
    });
    test("inviting someone who has an account already puts them on the list, with no link to set its password", async () => {
      // An account kept after its holder left the staff, say.
      const former = await the.staffMember("editor");
      const removed = await the.postPeople(owner.jar, { intent: "remove", userId: former.userId });
      expect(removed).toHaveRedirect("/staff/people");
      expect(
        await db.query("select 1 from public.staff where user_id = $1", [former.userId]),
      ).toHaveLength(0);

      const response = await the.postPeople(owner.jar, {
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
      await the.signedIn(former.email);
    });
  });

  describe("changing roles and removing", () => {
    test("an owner changes a role and removes a member, whose session ends", async () => {
      const member = await the.staffMember("editor");
      const promoted = await the.postPeople(owner.jar, {
        intent: "role",
        userId: member.userId,
        role: "owner",
      });
      expect(promoted).toHaveRedirect("/staff/people");
      expect(promoted).toSetCookie("toast");
      expect((await getStaffMember(db, member.userId))?.role).toBe("owner");

      const removed = await the.postPeople(owner.jar, { intent: "remove", userId: member.userId });
      expect(removed).toHaveRedirect("/staff/people");
      expect(await getStaffMember(db, member.userId)).toBeNull();
      expect(await the.people(member.jar)).toHaveRedirect("/staff/sign-in");
    });

    test("an editor's changes are refused with 403 and change nothing", async () => {
      for (const fields of <Record<string, string>[]>[
        { intent: "role", userId: editor.userId, role: "owner" },
        { intent: "remove", userId: owner.userId },
      ]) {
        const response = await the.postPeople(editor.jar, fields);
        expect(response.status).toBe(403);
        expect(((await response.json()) as PeopleActionData).formError).toBe(OWNERS_ONLY);
      }
      expect((await getStaffMember(db, editor.userId))?.role).toBe("editor");
      expect(await getStaffMember(db, owner.userId)).not.toBeNull();
    });

    test("an unknown member is 404, a malformed id or intent 400", async () => {
      const unknown = await the.postPeople(owner.jar, { intent: "remove", userId: randomUUID() });
      expect(unknown.status).toBe(404);
      const malformed = await the.postPeople(owner.jar, { intent: "remove", userId: "1 or 1=1" });
      expect(malformed.status).toBe(400);
      const badRole = await the.postPeople(owner.jar, {
        intent: "role",
        userId: editor.userId,
        role: "superuser",
      });
      expect(badRole.status).toBe(400);
      expect(((await badRole.json()) as PeopleActionData).formError).toMatch(/owner or editor/);
      const nothing = await the.postPeople(owner.jar, { intent: "delete-everyone" });
      expect(nothing.status).toBe(400);
    });

    test("the last owner cannot remove or demote themselves", async () => {
      await using fresh = await openTestDatabase(driver);
      const other = site(fresh);
      const only = await other.staffMember("owner");
      const removed = await other.postPeople(only.jar, { intent: "remove", userId: only.userId });
      expect(removed.status).toBe(409);
      expect(((await removed.json()) as PeopleActionData).formError).toBe(LAST_OWNER);
      const demoted = await other.postPeople(only.jar, {
        intent: "role",
        userId: only.userId,
        role: "editor",
      });
      expect(demoted.status).toBe(409);
      expect((await getStaffMember(fresh, only.userId))?.role).toBe("owner");
    });
  });

  describe("recent changes", () => {
    test("the staff home and the changes page show who changed what", async () => {
      const member = await the.staffMember("editor");
      expect(
        await the.postPeople(owner.jar, { intent: "role", userId: member.userId, role: "owner" }),
      ).toHaveRedirect("/staff/people");
      const expected = { who: owner.email, what: `Made ${member.email} an owner` };

      const page = await runRoute(
        the.get("/staff/changes", editor.jar),
        the.context(),
        AREA,
        changesLoader,
      );
      const { changes } = (await page.json()) as { changes: { who: string; what: string }[] };
      expect(changes[0]).toMatchObject(expected);
      expect(changes.length).toBeLessThanOrEqual(50);

      const home = await runRoute(the.get("/staff", editor.jar), the.context(), AREA, inboxLoader);
      const inbox = (await home.json()) as { changes: { who: string; what: string }[] };
      expect(inbox.changes[0]).toMatchObject(expected);
      expect(inbox.changes).toHaveLength(1);
    });

    test("without a session the changes page sends the visitor to sign in", async () => {
      const response = await runRoute(
        the.get("/staff/changes", new CookieJar()),
        the.context(),
        AREA,
        changesLoader,
      );
      expect(response).toHaveRedirect("/staff/sign-in?redirectTo=%2Fstaff%2Fchanges");
    });
  });
});
