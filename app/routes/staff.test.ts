import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { drivers, formPost, routeTest } from "../../tests/support/route-test";
import { startSiteverifyFake } from "../../tests/support/siteverify-fake";
import { CookieJar, runRoute } from "../../tests/support/staff-requests";
import {
  PASSWORD as password,
  STAFF_AREA as AREA,
  STAFF_LAYOUT as LAYOUT,
} from "../../tests/support/staff-session";
import { contextWithDatabase, openTestDatabase } from "../../tests/support/test-database";
import { action as enquiryAction, loader as enquiryLoader } from "./staff/enquiry";
import { loader as inboxLoader } from "./staff/inbox";
import { loader as layoutLoader } from "./staff/layout";
import { action as setupAction, loader as setupLoader } from "./staff/setup";
import { action as signInAction, loader as signInLoader } from "./staff/sign-in";
import { action as signOutAction } from "./staff/sign-out";
import { embeddedAuthBackend, type AuthBackend } from "~/platform/auth-backend.server";
import { generateSigningKey } from "~/platform/auth-service/signing-key.server";
import { authBackendContext, databaseContext, formProtectionContext } from "~/platform/context";
import type { Database } from "~/platform/database/database.server";
import {
  SIGN_IN_LIMITS,
  SIGN_IN_QUEUE,
  SIGN_IN_SHARE,
  WRONG_CREDENTIALS,
} from "~/staff/accounts/sign-in.server";
import { STAFF_SESSION_COOKIE } from "~/staff/accounts/session.server";
import { createSetupCode, removeStaffMember } from "~/staff/accounts/staff.server";

function get(path: string, jar: CookieJar) {
  return new Request(new URL(path, "http://localhost"), { headers: { Cookie: jar.header() } });
}

function post(path: string, fields: Record<string, string>, jar: CookieJar) {
  return formPost(path, fields, { Cookie: jar.header() });
}

/** The session @supabase/ssr keeps in the jar: "base64-" and base64url JSON, maybe in chunks. */
type TokenParts = { header: object; claims: object; signature: string };

function readSession(jar: CookieJar): Record<string, unknown> {
  const value = jar
    .names()
    .filter((name) => name.startsWith(STAFF_SESSION_COOKIE))
    .sort((a, b) => Number(a.split(".")[1] ?? 0) - Number(b.split(".")[1] ?? 0))
    .map((name) => decodeURIComponent(jar.cookies.get(name)!))
    .join("");
  return JSON.parse(Buffer.from(value.replace(/^base64-/, ""), "base64url").toString());
}

/** Puts `session` back in one cookie, as a hand-edited cookie would be. */
function writeSession(jar: CookieJar, session: object) {
  for (const name of jar.names()) jar.cookies.delete(name);
  jar.cookies.set(
    STAFF_SESSION_COOKIE,
    `base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}`,
  );
}

const test = routeTest
  /**
   * A request context from one address the rate-limit tests never use, unless
   * `address` names another, with the staff area's sign-in service unless
   * `auth` is another, and Turnstile's keys when `turnstile` gives them.
   */
  .extend(
    "contextFor",
    ({ staff }) =>
      ({
        address = "203.0.113.9",
        auth,
        turnstile,
      }: {
        address?: string;
        auth?: AuthBackend;
        turnstile?: { secretKey: string; verifyUrl: string };
      } = {}) => {
        const context = staff.context({ address, auth });
        if (turnstile) {
          context.set(formProtectionContext, {
            ...context.get(formProtectionContext),
            turnstile,
          });
        }
        return context;
      },
  )
  .extend(
    "newStaffMember",
    ({ db, staff }) =>
      async (role: "owner" | "editor" = "editor", userMetadata?: object) => {
        const added = await staff.member(role);
        if (userMetadata) {
          await db.query("update auth.users set raw_user_meta_data = $1::jsonb where id = $2", [
            JSON.stringify(userMetadata),
            added.userId,
          ]);
        }
        return added;
      },
  )
  /** Signs in through the action, keeping the cookies in a fresh jar. */
  .extend("signedIn", ({ contextFor }) => async (email: string, context = contextFor()) => {
    const jar = new CookieJar();
    const response = jar.take(
      await runRoute(
        post("/staff/sign-in", { email, password, redirectTo: "/staff" }, jar),
        context,
        LAYOUT,
        signInAction,
      ),
    );
    expect(response).toHaveRedirect("/staff");
    return jar;
  })
  .extend(
    "inbox",
    ({ contextFor }) =>
      async (jar: CookieJar, path = "/staff", context = contextFor()) =>
        jar.take(await runRoute(get(path, jar), context, AREA, inboxLoader)),
  )
  /**
   * A sign-in form posted from `address`, by a browser with no cookies, to a
   * site with Turnstile's keys when `turnstile` gives them.
   */
  .extend(
    "attempt",
    ({ contextFor }) =>
      (
        fields: Record<string, string>,
        address = `198.51.100.${fields.n ?? 1}`,
        turnstile?: { secretKey: string; verifyUrl: string },
      ) =>
        runRoute(
          post("/staff/sign-in", fields, new CookieJar()),
          contextFor({ address, turnstile }),
          LAYOUT,
          signInAction,
        ),
  )
  .extend("storeEnquiry", ({ db }) => async (name: string, message: string) => {
    const [row] = await db.query<{ id: number }>(
      `insert into public.enquiries (kind, submission_token, fingerprint, name, email, topic, message)
       values ('contact', $1, $2, $3, 'visitor@example.com', 'general', $4)
       returning id::int as id`,
      [randomUUID(), randomBytes(32).toString("hex"), name, message],
    );
    return row!.id;
  });

describe.each(drivers)("the staff area's routes on %s", (driver) => {
  test.override({ driver });

  describe("the staff area's gate", () => {
    test("without a session, a staff page sends the visitor to sign in and back", async ({
      inbox,
    }) => {
      const response = await inbox(new CookieJar(), "/staff?q=snug");
      expect(response).toHaveRedirect("/staff/sign-in?redirectTo=%2Fstaff%3Fq%3Dsnug");
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    });

    test("a staff member signs in: session cookies as the library writes them, HttpOnly, Lax, under /staff", async ({
      newStaffMember,
      inbox,
      contextFor,
    }) => {
      const { email } = await newStaffMember();
      const jar = new CookieJar();
      const response = await runRoute(
        post("/staff/sign-in", { email, password, redirectTo: "/staff?page=2" }, jar),
        contextFor(),
        LAYOUT,
        signInAction,
      );
      expect(response).toHaveRedirect("/staff?page=2");
      expect(response).toSetCookie(STAFF_SESSION_COOKIE, {
        value: /^base64-/,
        attributes: [/HttpOnly/i, /SameSite=Lax/i, /Path=\/(;|$)/, /Max-Age=34560000/],
      });
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      jar.take(response);
      const page = await inbox(jar);
      expect(page.status).toBe(200);
    });

    test("a forged cookie gets the sign-in page, and the cookie is cleared", async ({
      newStaffMember,
      signedIn,
      inbox,
    }) => {
      const { email } = await newStaffMember();
      const jar = await signedIn(email);
      const session = readSession(jar) as { access_token: string };
      const [header, claims, signature] = session.access_token.split(".");
      const payload = JSON.parse(Buffer.from(claims!, "base64url").toString()) as object;
      const forgedClaims = Buffer.from(
        JSON.stringify({ ...payload, sub: randomUUID(), exp: 4_102_444_800 }),
      ).toString("base64url");
      session.access_token = [header, forgedClaims, signature].join(".");
      writeSession(jar, session);

      const response = await inbox(jar);
      expect(response).toHaveRedirect("/staff/sign-in");
      expect(response.headers.getSetCookie().join("\n")).toMatch(
        new RegExp(`${STAFF_SESSION_COOKIE}=; .*Max-Age=0`),
      );
      expect(jar.names()).toEqual([]);
    });

    const b64 = (value: unknown) =>
      Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

    test.for([
      [
        "alg none",
        ({ header, claims }: TokenParts) =>
          [b64({ ...header, alg: "none" }), b64(claims), ""].join("."),
      ],
      [
        "RS256 with the real kid",
        ({ header, claims, signature }: TokenParts) =>
          [b64({ ...header, alg: "RS256" }), b64(claims), signature].join("."),
      ],
      [
        "a header that is not JSON",
        ({ claims, signature }: TokenParts) => [b64("{not json"), b64(claims), signature].join("."),
      ],
      [
        "claims that are not JSON",
        ({ header, signature }: TokenParts) => [b64(header), b64("not json"), signature].join("."),
      ],
      ["two segments", ({ header, claims }: TokenParts) => [b64(header), b64(claims)].join(".")],
      ["no token at all", () => ""],
    ] as const)(
      "a session cookie with %s is cleared and the visitor signed out, never a 500",
      async ([, forge], { newStaffMember, signedIn, inbox }) => {
        const { email } = await newStaffMember();
        const jar = await signedIn(email);
        const session = readSession(jar) as { access_token: string };
        const [header, claims, signature] = session.access_token.split(".");
        session.access_token = forge({
          header: JSON.parse(Buffer.from(header!, "base64url").toString()) as object,
          claims: JSON.parse(Buffer.from(claims!, "base64url").toString()) as object,
          signature: signature!,
        });
        writeSession(jar, session);

        const response = await inbox(jar);
        expect(response).toHaveRedirect("/staff/sign-in");
        expect(jar.names()).toEqual([]);
      },
    );

    test.for([
      ["not base64 JSON", "base64-!!!not-base64!!!"],
      ["JSON that is not a session", `base64-${Buffer.from('"a string"').toString("base64url")}`],
      ["plain text", "hello"],
    ] as const)(
      "a session cookie holding %s is cleared and the visitor signed out",
      async ([, value], { inbox }) => {
        const jar = new CookieJar();
        jar.cookies.set(STAFF_SESSION_COOKIE, value);
        const response = await inbox(jar);
        expect(response).toHaveRedirect("/staff/sign-in");
        expect(jar.names()).toEqual([]);
      },
    );

    test("an expired access token is refreshed with the refresh token, and the new cookie set", async ({
      db,
      newStaffMember,
      signedIn,
      inbox,
      contextFor,
    }) => {
      const { email } = await newStaffMember();
      // Tokens that live a minute are inside the library's 90 s refresh margin at once.
      const shortLived = embeddedAuthBackend(db, generateSigningKey(), { accessTokenSeconds: 60 });
      const context = () => contextFor({ auth: shortLived });
      const jar = await signedIn(email, context());
      const before = jar.header();
      const response = await inbox(jar, "/staff", context());
      expect(response.status).toBe(200);
      expect(response).toSetCookie(STAFF_SESSION_COOKIE);
      expect(jar.header()).not.toBe(before);
      // The rotated session goes on working.
      expect((await inbox(jar, "/staff", context())).status).toBe(200);
    });

    test("a session larger than one cookie is split into chunks and still signs in", async ({
      newStaffMember,
      signedIn,
      inbox,
    }) => {
      const { email } = await newStaffMember("editor", { bio: "x".repeat(6000) });
      const jar = await signedIn(email);
      const chunks = jar.names().filter((name) => name.startsWith(STAFF_SESSION_COOKIE));
      expect(chunks.length).toBeGreaterThan(1);
      expect(chunks).toEqual(chunks.map((_, index) => `${STAFF_SESSION_COOKIE}.${index}`).sort());
      for (const value of jar.cookies.values()) {
        expect(encodeURIComponent(value).length).toBeLessThanOrEqual(3180);
      }
      expect((await inbox(jar)).status).toBe(200);
    });

    test("taking someone off the staff list ends their access at their next request", async ({
      db,
      newStaffMember,
      signedIn,
      inbox,
    }) => {
      const { email, userId } = await newStaffMember();
      const jar = await signedIn(email);
      expect((await inbox(jar)).status).toBe(200);
      await removeStaffMember(db, userId);
      const response = await inbox(jar);
      expect(response).toHaveRedirect("/staff/sign-in");
      expect(response).toSetCookie("toast");
      expect(jar.names()).not.toContain(STAFF_SESSION_COOKIE);
    });

    test("the layout says who is signed in, and nobody when nobody is", async ({
      newStaffMember,
      signedIn,
      contextFor,
    }) => {
      const { email } = await newStaffMember();
      const jar = await signedIn(email);
      const layout = await runRoute(get("/staff", jar), contextFor(), LAYOUT, layoutLoader);
      const site = { name: "The Squire Pub & Grill", shortName: "The Squire" };
      expect(await layout.json()).toEqual({
        signedInAs: email,
        site: expect.objectContaining(site),
      });
      const anonymous = await runRoute(
        get("/staff/sign-in", new CookieJar()),
        contextFor(),
        LAYOUT,
        layoutLoader,
      );
      expect(await anonymous.json()).toEqual({
        signedInAs: null,
        site: expect.objectContaining(site),
      });
    });
  });

  describe("signing in", () => {
    test.for([
      [{ email: "", password: "x" }, "email", "Enter your email address."],
      [{ email: "not an email", password: "x" }, "email", "Enter an email address"],
      [{ email: "sam@example.com", password: "" }, "password", "Enter your password."],
      [{ email: `${"a".repeat(250)}@example.com`, password: "x" }, "email", "at most 254"],
      [{ email: `${"a".repeat(400)}@example.com`, password: "x" }, "email", "at most 254"],
      [{ email: "sam@example.com", password: "x".repeat(1001) }, "password", "too long"],
    ] as const)(
      "refuses %j with a message on %s, keeping the email whole",
      async ([fields, field, message], { attempt }) => {
        const response = await attempt(fields);
        expect(response.status).toBe(400);
        const body = (await response.json()) as {
          errors: Record<string, string>;
          values: { email: string };
        };
        expect(body.errors[field]).toContain(message);
        expect(body.values.email).toBe(fields.email);
        expect(response.headers.getSetCookie()).toEqual([]);
      },
    );

    test("a wrong password and an unknown email get the same answer", async ({
      newStaffMember,
      attempt,
    }) => {
      const { email } = await newStaffMember();
      const wrong = await attempt({ email, password: "not the password" }, "198.51.100.20");
      const unknown = await attempt(
        { email: `nobody-${randomUUID()}@example.com`, password },
        "198.51.100.21",
      );
      expect(wrong.status).toBe(400);
      expect(unknown.status).toBe(400);
      const [a, b] = (await Promise.all([wrong.json(), unknown.json()])) as {
        formError: string;
      }[];
      expect(a!.formError).toBe(WRONG_CREDENTIALS);
      expect(b!.formError).toBe(WRONG_CREDENTIALS);
      expect(wrong.headers.getSetCookie()).toEqual([]);
    });

    test("an account that is not on the staff list is refused and left signed out", async ({
      staff,
      attempt,
    }) => {
      const email = `someone-${randomUUID()}@example.com`;
      const { data } = await (
        await import("~/staff/accounts/session.server")
      )
        .createAdminClient(staff.backend)!
        .auth.admin.createUser({ email, password, email_confirm: true });
      expect(data.user).toBeTruthy();
      const response = await attempt({ email, password }, "198.51.100.30");
      expect(response.status).toBe(403);
      expect(((await response.json()) as { formError: string }).formError).toMatch(
        /not on the staff list/,
      );
      const jar = new CookieJar();
      jar.take(response);
      expect(jar.names()).toEqual([]);
    });

    test("successful sign-ins are not counted: staff on several devices are never held back", async ({
      newStaffMember,
      attempt,
    }) => {
      const { email } = await newStaffMember();
      for (let n = 0; n < 30; n += 1) {
        expect(await attempt({ email, password }, "192.0.2.10")).toHaveRedirect("/staff");
      }
    });

    test("five wrong passwords from one address, then the right one from another signs in", async ({
      newStaffMember,
      attempt,
    }) => {
      const { email } = await newStaffMember();
      for (let n = 0; n < 5; n += 1) {
        expect((await attempt({ email, password: "guess" }, "192.0.2.20")).status).toBe(400);
      }
      expect(await attempt({ email, password }, "192.0.2.21")).toHaveRedirect("/staff");
      // And from the first address too: five failures are within its limit.
      expect(await attempt({ email, password }, "192.0.2.20")).toHaveRedirect("/staff");
    });

    test("past the email's ceiling, every address waits on it: fresh ones, and every /64 of an IPv6 /48", async ({
      newStaffMember,
      attempt,
    }) => {
      const { email } = await newStaffMember();
      const { max } = SIGN_IN_LIMITS.perEmail;
      for (let n = 0; n < max; n += 1) {
        const response = await attempt({ email, password: "guess" }, `198.18.${n >> 8}.${n & 255}`);
        expect(response.status).toBe(400);
      }
      const limited = await attempt({ email, password }, "198.18.0.0");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(((await limited.json()) as { formError: string }).formError).toMatch(
        /Too many sign-in attempts/,
      );
      expect(limited.headers.getSetCookie()).toEqual([]);
      // A hundred fresh addresses get no guess, the right password included.
      for (let n = 0; n < 100; n += 1) {
        const fresh = await attempt(
          { email, password: n === 50 ? password : "guess" },
          `198.19.${n}.1`,
        );
        expect(fresh.status, `fresh address ${n}`).toBe(429);
      }
      // Nor does each /64 of one /48: a /48 holds 65,536 of them.
      for (let n = 0; n < 20; n += 1) {
        const fresh = await attempt({ email, password }, `2001:db8:7:${n.toString(16)}::1`);
        expect(fresh.status, `/64 number ${n}`).toBe(429);
      }
    });

    test("past the email's ceiling, with Turnstile's keys set, the human check lets the owner in at once; without it, or with another form's token, the attempt waits", async ({
      newStaffMember,
      attempt,
    }) => {
      const siteverify = await startSiteverifyFake();
      try {
        const { email } = await newStaffMember("owner");
        for (let n = 0; n < SIGN_IN_LIMITS.perEmail.max; n += 1) {
          expect((await attempt({ email, password: "guess" }, `198.18.20.${n}`)).status).toBe(400);
        }
        const keys = { secretKey: siteverify.secret, verifyUrl: siteverify.url };
        const from = (address: string, fields: Record<string, string>) =>
          attempt({ email, password, redirectTo: "/staff", ...fields }, address, keys);
        const asked = await from("198.18.21.1", {});
        expect(asked.status).toBe(429);
        const words = (await asked.json()) as { formError: string; humanCheck: boolean };
        expect(words.humanCheck).toBe(true);
        expect(words.formError).toMatch(
          /Too many sign-in attempts\. Please wait .* or complete the check below and sign in now\./,
        );
        const otherForm = siteverify.issue({ action: "contact", hostname: "localhost" });
        expect((await from("198.18.21.2", { "cf-turnstile-response": otherForm })).status).toBe(
          429,
        );
        const wrong = await from("198.18.21.3", {
          password: "guess",
          "cf-turnstile-response": siteverify.issue({ action: "sign-in", hostname: "localhost" }),
        });
        expect(wrong.status).toBe(400);
        expect(((await wrong.json()) as { humanCheck: boolean }).humanCheck).toBe(true);
        const owner = await from("198.18.21.4", {
          "cf-turnstile-response": siteverify.issue({ action: "sign-in", hostname: "localhost" }),
        });
        expect(owner).toHaveRedirect("/staff");
        // Without the keys, nobody past the ceiling is asked for the check: they wait.
        const plain = await attempt({ email, password }, "198.18.21.5");
        expect(plain.status).toBe(429);
        expect(((await plain.json()) as { humanCheck: boolean }).humanCheck).toBe(false);
      } finally {
        await siteverify.close();
      }
    });

    test("sign-ins take turns with the database: those beyond the queue are told at once to try again, and nothing is lost for those waiting", async ({
      db,
      newStaffMember,
      staff,
    }) => {
      const { email } = await newStaffMember();
      // A database that answers only once let: the turns stay taken meanwhile.
      let answer!: () => void;
      const released = new Promise<void>((resolve) => (answer = resolve));
      const slow: Database = {
        ...db,
        query: (sql, params) => released.then(() => db.query(sql, params)),
      };
      const attemptOn = (n: number) => {
        const context = staff.context({ address: `192.0.2.${n % 250}` });
        context.set(databaseContext, async () => slow);
        return runRoute(
          post("/staff/sign-in", { email, password: `guess ${n}` }, new CookieJar()),
          context,
          LAYOUT,
          signInAction,
        );
      };
      const waiting = Array.from({ length: SIGN_IN_SHARE + SIGN_IN_QUEUE }, (_, n) => attemptOn(n));
      const beyond = await attemptOn(SIGN_IN_SHARE + SIGN_IN_QUEUE);
      expect(beyond.status).toBe(503);
      expect(beyond.headers.get("Retry-After")).toBe("30");
      answer();
      const statuses = (await Promise.all(waiting)).map((response) => response.status);
      expect(statuses.filter((status) => status !== 400 && status !== 429)).toEqual([]);
    });

    test("with Turnstile's keys set, the site's password checks have a ceiling: fresh addresses guessing fresh emails wait past it, and the human check lets the owner in", async ({
      newStaffMember,
      attempt,
    }) => {
      const siteverify = await startSiteverifyFake();
      try {
        const { email } = await newStaffMember("owner");
        const keys = { secretKey: siteverify.secret, verifyUrl: siteverify.url };
        const from = (address: string, fields: Record<string, string>) =>
          attempt(fields, address, keys);
        const { max } = SIGN_IN_LIMITS.perSite;
        let checked = 0;
        let refused: Response | undefined;
        for (let n = 0; n <= max && !refused; n += 1) {
          const response = await from(`198.18.30.${n}`, {
            email: `nobody-${randomUUID()}@example.com`,
            password: "guess",
          });
          if (response.status === 429) refused = response;
          else {
            expect(response.status).toBe(400);
            checked += 1;
          }
        }
        expect(checked).toBeLessThanOrEqual(max);
        expect(refused, "the ceiling was reached").toBeDefined();
        expect(((await refused!.json()) as { humanCheck: boolean }).humanCheck).toBe(true);
        // The owner, from a fresh address: asked for the check, then in with it.
        expect((await from("198.18.31.1", { email, password })).status).toBe(429);
        const owner = await from("198.18.31.2", {
          email,
          password,
          redirectTo: "/staff",
          "cf-turnstile-response": siteverify.issue({ action: "sign-in", hostname: "localhost" }),
        });
        expect(owner).toHaveRedirect("/staff");
        // Without the keys there is no site ceiling: a fresh address is checked.
        const plain = await attempt(
          { email: `nobody-${randomUUID()}@example.com`, password: "guess" },
          "198.18.31.3",
        );
        expect(plain.status).toBe(400);
      } finally {
        await siteverify.close();
      }
    });

    test("one address guessing one account holds back only that account there: the rest of the pub's Wi-Fi signs in", async ({
      newStaffMember,
      attempt,
    }) => {
      const target = await newStaffMember();
      const colleague = await newStaffMember();
      for (let n = 0; n < SIGN_IN_LIMITS.perPair.max; n += 1) {
        expect(
          (await attempt({ email: target.email, password: "guess" }, "192.0.2.60")).status,
        ).toBe(400);
      }
      expect((await attempt({ email: target.email, password }, "192.0.2.60")).status).toBe(429);
      // Twenty more refused guesses there do not count against the address.
      for (let n = 0; n < 20; n += 1) {
        expect(
          (await attempt({ email: target.email, password: "guess" }, "192.0.2.60")).status,
        ).toBe(429);
      }
      expect(await attempt({ email: colleague.email, password }, "192.0.2.60")).toHaveRedirect(
        "/staff",
      );
      // And the account guessed at signs in from elsewhere: one address is not the email's ceiling.
      expect(await attempt({ email: target.email, password }, "192.0.2.61")).toHaveRedirect(
        "/staff",
      );
    });

    test("once refused there, the next attempts are answered with no statement: a burst past a limit costs the database nothing", async ({
      db,
      newStaffMember,
      staff,
    }) => {
      const { email } = await newStaffMember();
      let statements = 0;
      const counting: Database = {
        ...db,
        query: (sql, params) => {
          statements += 1;
          return db.query(sql, params);
        },
      };
      const attemptHere = (guess: string) => {
        const context = staff.context({ address: "192.0.2.90" });
        context.set(databaseContext, async () => counting);
        return runRoute(
          post("/staff/sign-in", { email, password: guess }, new CookieJar()),
          context,
          LAYOUT,
          signInAction,
        );
      };
      for (let n = 0; n < SIGN_IN_LIMITS.perPair.max; n += 1) {
        expect((await attemptHere("guess")).status).toBe(400);
      }
      // Counted and refused: from now on this instance knows.
      const counted = await attemptHere("guess");
      expect(counted.status).toBe(429);
      statements = 0;
      const burst = await Promise.all(Array.from({ length: 50 }, () => attemptHere("guess")));
      expect(burst.map((response) => response.status)).toEqual(Array(50).fill(429));
      expect(statements).toBe(0);
      // Told to wait as long as the counted refusal said, give or take the second that passed.
      const waits = burst.map((response) => Number(response.headers.get("Retry-After")));
      const told = Number(counted.headers.get("Retry-After"));
      expect(Math.min(...waits)).toBeGreaterThanOrEqual(told - 1);
      expect(Math.max(...waits)).toBeLessThanOrEqual(told);
      // The right password there waits too, and another email there is counted as usual.
      expect((await attemptHere(password)).status).toBe(429);
      expect(statements).toBe(0);
      const colleague = await newStaffMember();
      const context = staff.context({ address: "192.0.2.90" });
      context.set(databaseContext, async () => counting);
      const signedIn = await runRoute(
        post("/staff/sign-in", { email: colleague.email, password }, new CookieJar()),
        context,
        LAYOUT,
        signInAction,
      );
      expect(signedIn).toHaveRedirect("/staff");
      expect(statements).toBeGreaterThan(0);
    });

    test("past the address's limit of tries, the next waits, whichever email it names", async ({
      newStaffMember,
      attempt,
    }) => {
      const { max } = SIGN_IN_LIMITS.perAddress;
      for (let n = 0; n < max; n += 1) {
        const response = await attempt(
          { email: `guess-${n}@example.com`, password: "guess" },
          "203.0.113.200",
        );
        expect(response.status).toBe(400);
      }
      const { email } = await newStaffMember();
      const limited = await attempt({ email, password }, "203.0.113.200");
      expect(limited.status).toBe(429);
      expect(limited.headers.getSetCookie()).toEqual([]);
      // Another address is not held back.
      expect(await attempt({ email, password }, "203.0.113.201")).toHaveRedirect("/staff");
    });

    test("a hundred wrong passwords at once from one address: no more are checked than the limit allows, and the right one after them waits", async ({
      newStaffMember,
      staff,
    }) => {
      const { email } = await newStaffMember();
      let checked = 0;
      const counting: AuthBackend = {
        ...staff.backend,
        fetch: (input, init) => {
          if (String(input instanceof Request ? input.url : input).includes("grant_type=password"))
            checked += 1;
          return staff.backend.fetch(input, init);
        },
      };
      const context = staff.context({ address: "192.0.2.70", auth: counting });
      const guesses = await Promise.all(
        Array.from({ length: 100 }, (_, n) =>
          runRoute(
            post("/staff/sign-in", { email, password: `guess-${n}` }, new CookieJar()),
            context,
            LAYOUT,
            signInAction,
          ),
        ),
      );
      const statuses = guesses.map((response) => response.status);
      expect(checked).toBeLessThanOrEqual(SIGN_IN_LIMITS.perPair.max);
      expect(statuses.filter((status) => status === 400)).toHaveLength(checked);
      expect(statuses.filter((status) => status === 429)).toHaveLength(100 - checked);
      const right = await runRoute(
        post("/staff/sign-in", { email, password }, new CookieJar()),
        context,
        LAYOUT,
        signInAction,
      );
      expect(right.status).toBe(429);
    });

    test("the sign-in page sends someone already signed in on, and never off the staff area", async ({
      newStaffMember,
      signedIn,
      contextFor,
    }) => {
      const { email } = await newStaffMember();
      const jar = await signedIn(email);
      const response = await runRoute(
        get("/staff/sign-in?redirectTo=https://evil.example/", jar),
        contextFor(),
        LAYOUT,
        signInLoader,
      );
      expect(response).toHaveRedirect("/staff");
      const fresh = await runRoute(
        get("/staff/sign-in?redirectTo=//evil.example", new CookieJar()),
        contextFor(),
        LAYOUT,
        signInLoader,
      );
      expect(await fresh.json()).toEqual({ redirectTo: "/staff" });
    });

    test("signing out ends the session: its old cookie reads nothing, changes nothing, renews nothing", async ({
      staff,
      newStaffMember,
      signedIn,
      storeEnquiry,
      contextFor,
    }) => {
      const { email } = await newStaffMember();
      const jar = await signedIn(email);
      const stolen = new CookieJar();
      for (const [name, value] of jar.cookies) stolen.cookies.set(name, value);
      const { refresh_token } = readSession(jar) as { refresh_token: string };
      const response = jar.take(
        await runRoute(post("/staff/sign-out", {}, jar), contextFor(), LAYOUT, signOutAction),
      );
      expect(response).toHaveRedirect("/staff/sign-in");
      expect(jar.names()).toEqual(["toast"]);

      // The access token's signature holds until it expires (an hour), but
      // its session is gone: no staff page reads for it...
      const read = await runRoute(get("/staff", stolen), contextFor(), AREA, inboxLoader);
      expect(read).toHaveRedirect("/staff/sign-in");
      // ...writes ask the Auth service first...
      const id = await storeEnquiry("Replayed Visitor", "Trying an old cookie on a write.");
      const write = await runRoute(
        post(`/staff/enquiries/${id}`, { intent: "handled" }, stolen),
        contextFor(),
        AREA,
        enquiryAction,
        { id: String(id) },
      );
      expect(write).toHaveRedirect("/staff/sign-in");
      // ...and the session cannot be renewed.
      const refreshed = await staff.backend.fetch(
        `${staff.backend.url}/auth/v1/token?grant_type=refresh_token`,
        {
          method: "POST",
          headers: { apikey: staff.backend.publishableKey, "Content-Type": "application/json" },
          body: JSON.stringify({ refresh_token }),
        },
      );
      expect(refreshed.status).toBe(400);
    });
  });

  describe("the enquiries inbox", () => {
    test("lists enquiries newest first and finds them by what they say", async ({
      newStaffMember,
      signedIn,
      inbox,
      storeEnquiry,
    }) => {
      const { email } = await newStaffMember();
      const jar = await signedIn(email);
      const marker = randomUUID();
      await storeEnquiry("First Visitor", `About the quiz night ${marker}`);
      await storeEnquiry("Second Visitor", `Lost umbrella ${marker}`);
      const response = await inbox(jar, `/staff?q=${marker}`);
      const body = (await response.json()) as {
        enquiries: { name: string }[];
        total: number;
        q: string;
      };
      expect(body.total).toBe(2);
      expect(body.enquiries.map((enquiry) => enquiry.name)).toEqual([
        "Second Visitor",
        "First Visitor",
      ]);
      expect(body.q).toBe(marker);
    });

    test.for([
      "/staff?page=-3",
      "/staff?page=abc",
      `/staff?q=${"x".repeat(500)}`,
      "/staff?q=%00",
      "/staff?q=snug%00room",
      "/staff?q=%F0%9F",
    ])(
      "a query string it cannot use (%s) shows the first page of everything",
      async (path, { newStaffMember, signedIn, inbox }) => {
        const { email } = await newStaffMember();
        const jar = await signedIn(email);
        const response = await inbox(jar, path);
        expect(response.status).toBe(200);
        expect(((await response.json()) as { page: number }).page).toBe(1);
      },
    );

    test("an enquiry is marked handled and back, and a bad post changes nothing", async ({
      newStaffMember,
      signedIn,
      storeEnquiry,
      contextFor,
    }) => {
      const { email } = await newStaffMember();
      const jar = await signedIn(email);
      const id = await storeEnquiry("Third Visitor", "Do you show the hockey game on Saturday?");
      const path = `/staff/enquiries/${id}`;
      const send = (fields: Record<string, string>) =>
        runRoute(post(path, fields, jar), contextFor(), AREA, enquiryAction, {
          id: String(id),
        }).then((response) => jar.take(response));
      const read = async () =>
        (
          (await (
            await runRoute(get(path, jar), contextFor(), AREA, enquiryLoader, {
              id: String(id),
            })
          ).json()) as { enquiry: { handledAt: string | null } }
        ).enquiry.handledAt;

      expect((await send({ intent: "delete" })).status).toBe(400);
      expect(await read()).toBeNull();
      expect(await send({ intent: "handled" })).toHaveRedirect(path);
      expect(await read()).not.toBeNull();
      expect(await send({ intent: "not-handled" })).toHaveRedirect(path);
      expect(await read()).toBeNull();
    });

    test.for(["0", "abc", "99999999999999999999", "12345678"])(
      "an enquiry id that is not one (%s) answers 404",
      async (id, { newStaffMember, signedIn, contextFor }) => {
        const { email } = await newStaffMember();
        const jar = await signedIn(email);
        const response = await runRoute(
          get(`/staff/enquiries/${id}`, jar),
          contextFor(),
          AREA,
          enquiryLoader,
          { id },
        );
        expect(response.status).toBe(404);
      },
    );

    test("marking asks the Auth service first: a session ended elsewhere is sent to sign in", async ({
      db,
      newStaffMember,
      signedIn,
      storeEnquiry,
      contextFor,
    }) => {
      const { email, userId } = await newStaffMember();
      const jar = await signedIn(email);
      const id = await storeEnquiry("Fourth Visitor", "Is the patio open in November?");
      // Signed out everywhere (say, from another device) after this page was loaded.
      await db.query("delete from auth.sessions where user_id = $1", [userId]);
      const response = await runRoute(
        post(`/staff/enquiries/${id}`, { intent: "handled" }, jar),
        contextFor(),
        AREA,
        enquiryAction,
        { id: String(id) },
      );
      expect(response).toHaveRedirect("/staff/sign-in");
      const [row] = await db.query<{ handled: boolean }>(
        "select handled_at is not null as handled from public.enquiries where id = $1",
        [id],
      );
      expect(row?.handled).toBe(false);
    });
  });

  describe("the first owner's setup", () => {
    test("a one-time link makes the owner, signs them in, and cannot be used again", async ({
      driver,
    }) => {
      await using empty = await openTestDatabase(driver);
      const auth = embeddedAuthBackend(empty, generateSigningKey());
      const context = () => {
        const provided = contextWithDatabase(empty);
        provided.set(authBackendContext, async () => auth);
        return provided;
      };
      const { code } = await createSetupCode(empty);
      const path = `/staff/setup?code=${code}`;
      const jar = new CookieJar();

      const page = await runRoute(get(path, jar), context(), LAYOUT, setupLoader);
      expect(((await page.json()) as { state: string }).state).toBe("ready");

      const mismatch = await runRoute(
        post(path, { email: "owner@example.com", password, confirmPassword: "different" }, jar),
        context(),
        LAYOUT,
        setupAction,
      );
      expect(mismatch.status).toBe(400);
      expect(
        ((await mismatch.json()) as { errors: Record<string, string> }).errors.confirmPassword,
      ).toMatch(/differ/);

      const short = await runRoute(
        post(
          path,
          { email: "owner@example.com", password: "short", confirmPassword: "short" },
          jar,
        ),
        context(),
        LAYOUT,
        setupAction,
      );
      expect(short.status).toBe(400);

      const made = jar.take(
        await runRoute(
          post(path, { email: "Owner@Example.com", password, confirmPassword: password }, jar),
          context(),
          LAYOUT,
          setupAction,
        ),
      );
      expect(made).toHaveRedirect("/staff");
      expect(made).toSetCookie(STAFF_SESSION_COOKIE);
      const [owner] = await empty.query<{ email: string; role: string }>(
        "select email, role from public.staff",
      );
      expect(owner).toEqual({ email: "owner@example.com", role: "owner" });

      const again = await runRoute(
        post(path, { email: "second@example.com", password, confirmPassword: password }, jar),
        context(),
        LAYOUT,
        setupAction,
      );
      expect(again.status).toBe(410);
      const after = await runRoute(get(path, new CookieJar()), context(), LAYOUT, setupLoader);
      expect(((await after.json()) as { state: string }).state).toBe("done");
    });

    test("a made-up code shows that the link has expired", async ({ contextFor }) => {
      const response = await runRoute(
        get("/staff/setup?code=nonsense", new CookieJar()),
        contextFor(),
        LAYOUT,
        setupLoader,
      );
      expect(["expired", "done"]).toContain(((await response.json()) as { state: string }).state);
    });

    test("with a Supabase project there is no setup page", async ({ staff, contextFor }) => {
      const project = { ...staff.backend, embedded: false };
      const response = await runRoute(
        get("/staff/setup?code=anything", new CookieJar()),
        contextFor({ auth: project }),
        LAYOUT,
        setupLoader,
      );
      expect(response.status).toBe(404);
    });
  });
});
