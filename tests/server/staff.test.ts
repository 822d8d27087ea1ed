import { afterEach, describe, expect, vi } from "vitest";
import {
  runServerToExit,
  startServer,
  stopAllServers,
  type RunningServer,
} from "../support/built-server";
import {
  addStaffWithCommand,
  browserOn,
  contactForm,
  expectRefusedArguments,
  postContact,
  serverTest as test,
} from "../support/server-test";
import { CookieJar } from "../support/staff-requests";
import { startSupabaseAuthFake, type SupabaseAuthFake } from "../support/supabase-auth-fake";
import { drivers, openTestDatabase } from "../support/test-database";

/**
 * Staff sign-in through the production build, as a browser does it: the
 * embedded Auth service (the first owner's setup link, the staff-add
 * command) and a Supabase project's Auth over HTTP (the loopback fake).
 */

// Each test starts servers and runs commands, seconds apiece on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const SESSION_COOKIE = /^sb-staff-auth-token(\.\d+)?$/;
const SETUP_LINK = /Make the owner's account at (\S+) \(the link works once/;
const INBOX_HEADING = /<h1[^>]*>Enquiries<\/h1>/;
const STACK_LINE = /\n\s+at \S/;
const USAGE =
  "Usage: npm run staff:add -- --email name@example.com [--email …] --role owner|editor [--password-stdin]";

/** One browser on the server (see browserOn), and the staff session cookies it holds. */
function browser(server: RunningServer) {
  const user = browserOn(server);
  return {
    ...user,
    sessionCookies: () => user.jar.names().filter((name) => SESSION_COOKIE.test(name)),
  };
}

type Browser = ReturnType<typeof browser>;

async function signIn(user: Browser, email: string, password: string) {
  return user.post("/staff/sign-in", { email, password, redirectTo: "/staff" });
}

/** What the session cookie holds: the Auth service's tokens (base64url JSON, whole or in chunks). */
function sessionTokens(jar: CookieJar): { access_token: string; refresh_token: string } {
  const whole = jar.cookies.get("sb-staff-auth-token");
  const value =
    whole ??
    jar
      .names()
      .filter((name) => /\.\d+$/.test(name) && SESSION_COOKIE.test(name))
      .sort((a, b) => Number(a.split(".").pop()) - Number(b.split(".").pop()))
      .map((name) => jar.cookies.get(name))
      .join("");
  const decoded = decodeURIComponent(value);
  const json = decoded.startsWith("base64-")
    ? Buffer.from(decoded.slice("base64-".length), "base64url").toString("utf8")
    : decoded;
  return JSON.parse(json) as { access_token: string; refresh_token: string };
}

/** Posts a contact enquiry, so the inbox has something to open. */
async function sendEnquiry(server: RunningServer) {
  expect((await postContact(server, contactForm())).status).toBe(303);
}

async function stop(server: RunningServer) {
  server.process.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}

describe("embedded sign-in", () => {
  test("the first owner's link makes the owner once, signed in; signing out ends the session", async ({
    dataDirectory,
  }) => {
    const DATA_DIR = dataDirectory();
    const server = await startServer({ DATA_DIR });
    await server.waitForOutput("(the link works once, until ");
    const printed = SETUP_LINK.exec(server.output())?.[1];
    expect(printed).toMatch(
      new RegExp(`^http://localhost:${new URL(server.url).port}/staff/setup\\?code=[\\w-]{43}$`),
    );
    const link = new URL(printed!);
    const setupPath = `${link.pathname}${link.search}`;
    await sendEnquiry(server);

    const owner = browser(server);
    const form = await owner.get(setupPath);
    expect(form.status).toBe(200);
    const formHtml = await form.text();
    expect(formHtml).toContain("Set up the owner&#x27;s account");
    expect(formHtml).toMatch(/<input[^>]*name="confirmPassword"/);

    const credentials = { email: "Owner@Example.com", password: "correct horse battery staple" };
    const made = await owner.post(setupPath, {
      ...credentials,
      confirmPassword: credentials.password,
    });
    expect(made.status).toBe(303);
    expect(made.headers.get("Location")).toBe("/staff");
    const sessionSetCookies = made.headers
      .getSetCookie()
      .filter((cookie) => cookie.startsWith("sb-staff-auth-token"));
    expect(sessionSetCookies.length).toBeGreaterThan(0);
    for (const cookie of sessionSetCookies) {
      expect(cookie).toMatch(/; Path=\/(;|$)/);
      expect(cookie).toMatch(/; HttpOnly(;|$)/);
      expect(cookie).toMatch(/; Secure(;|$)/);
      expect(cookie).toMatch(/; SameSite=Lax(;|$)/i);
    }
    expect(owner.sessionCookies().length).toBeGreaterThan(0);

    const inbox = await owner.get("/staff");
    expect(inbox.status).toBe(200);
    expect(inbox.headers.get("Cache-Control")).toMatch(/no-store/);
    const inboxHtml = await inbox.text();
    expect(inboxHtml).toMatch(INBOX_HEADING);
    expect(inboxHtml).toContain("owner@example.com");
    const enquiryPath = /href="(\/staff\/enquiries\/\d+)[?"]/.exec(inboxHtml)?.[1];
    expect(enquiryPath).toBeDefined();

    // A sensitive action asks the Auth service whether the session stands.
    const handled = await owner.post(enquiryPath!, { intent: "handled" });
    expect(handled.status).toBe(303);
    expect(handled.headers.get("Location")).toBe(enquiryPath);

    // The link is used up: the page says so, and a second post is refused.
    const again = await owner.post(setupPath, {
      email: "someone-else@example.com",
      password: "another long password",
      confirmPassword: "another long password",
    });
    expect(again.status).toBe(410);
    expect(await again.text()).toMatch(/expired or has been used/);
    const revisited = await fetch(`${server.url}${setupPath}`);
    expect(revisited.status).toBe(200);
    expect(await revisited.text()).toMatch(/The owner is set up/);

    const before = new CookieJar();
    for (const [name, value] of owner.jar.cookies) before.cookies.set(name, value);
    const signedOut = await owner.post("/staff/sign-out", {});
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("Location")).toBe("/staff/sign-in");
    const cleared = signedOut.headers
      .getSetCookie()
      .filter((cookie) => cookie.startsWith("sb-staff-auth-token"));
    expect(cleared.length).toBeGreaterThan(0);
    for (const cookie of cleared)
      expect(cookie).toMatch(/^sb-staff-auth-token(\.\d+)?=;.*Max-Age=0/i);
    expect(owner.sessionCookies()).toEqual([]);

    const afterSignOut = await owner.get("/staff");
    expect([302, 303]).toContain(afterSignOut.status);
    expect(afterSignOut.headers.get("Location")).toBe("/staff/sign-in");

    // The cookies from before signing out: the ended session can no longer act.
    const replayed = await fetch(new URL(enquiryPath!, server.url), {
      method: "POST",
      redirect: "manual",
      headers: { "Sec-Fetch-Site": "same-origin", Origin: server.url, Cookie: before.header() },
      body: new URLSearchParams({ intent: "not-handled" }),
    });
    expect(replayed.status).toBe(303);
    expect(replayed.headers.get("Location")).toBe("/staff/sign-in");

    await stop(server);

    // With an owner on the list, a restart prints no link.
    const restarted = await startServer({ DATA_DIR });
    const signInPage = await fetch(`${restarted.url}/staff/sign-in`);
    expect(signInPage.status).toBe(200);
    const user = browser(restarted);
    expect((await signIn(user, credentials.email, credentials.password)).status).toBe(303);
    await stop(restarted);
    expect(restarted.output()).not.toMatch(/Nobody is on the staff list|setup\?code=/);
    expect(restarted.output()).not.toMatch(/setup link could not be made/);
  });

  test("staff-add makes an account whose password is shown once, and its holder can sign in", async ({
    dataDirectory,
  }) => {
    const DATA_DIR = dataDirectory();
    const email = "editor@example.com";
    const colleague = "second.editor@example.com";
    // Several people at once: each is added, with a password of their own.
    const added = await runServerToExit({ DATA_DIR }, [
      "staff-add",
      "--email",
      email,
      `--email=${colleague}`,
      "--role",
      "editor",
    ]);
    expect(added.output).toContain(`${email} is on the staff list as an editor.`);
    expect(added.output).toContain(`${colleague} is on the staff list as an editor.`);
    const [password, colleaguePassword] = [
      ...added.output.matchAll(/Their password, shown this once: (\S+)/g),
    ].map((match) => match[1]);
    expect(password).toMatch(/^[\w-]{20}$/);
    expect(colleaguePassword).toMatch(/^[\w-]{20}$/);
    expect(colleaguePassword).not.toBe(password);
    expect(added.output.split(password!).length - 1).toBe(1);
    expect(added.code).toBe(0);

    // Again on the same data: the account exists, so no password is made or shown.
    const promoted = await runServerToExit({ DATA_DIR }, [
      "staff-add",
      `--email=${email.toUpperCase()}`,
      "--role=owner",
    ]);
    expect(promoted.output).toContain(`${email} is on the staff list as an owner.`);
    expect(promoted.output).toContain("They sign in with the password they already have.");
    expect(promoted.output).not.toMatch(/shown this once/);
    expect(promoted.code).toBe(0);

    const server = await startServer({ DATA_DIR });
    const staff = browser(server);
    const wrong = await signIn(staff, email, `${password}x`);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toMatch(/don(&#x27;|’|')t match a staff account/);
    expect(staff.sessionCookies()).toEqual([]);

    const signedIn = await signIn(staff, email, password!);
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("Location")).toBe("/staff");
    const inbox = await staff.get("/staff");
    expect(inbox.status).toBe(200);
    expect(await inbox.text()).toMatch(INBOX_HEADING);
    expect((await signIn(browser(server), colleague, colleaguePassword!)).status).toBe(303);

    // A picture-sized body is read for a live session only: a cookie kept
    // from one that has ended is refused before more than a form's is read.
    const kept = staff.jar.header();
    const picturePost = () =>
      fetch(`${server.url}/staff/menu/items/new`, {
        method: "POST",
        headers: {
          Cookie: kept,
          "Content-Type": "multipart/form-data; boundary=x",
          "Sec-Fetch-Site": "same-origin",
          Origin: server.url,
        },
        body: Buffer.alloc(200 * 1024, 0x61),
      });
    expect((await picturePost()).status).not.toBe(403);
    expect((await staff.post("/staff/sign-out", {})).status).toBe(303);
    const refused = await picturePost();
    expect(refused.status).toBe(403);
    expect(await refused.text()).toMatch(/^Only signed-in staff can send pictures\./);
    await stop(server);
    expect(server.output()).not.toMatch(/setup\?code=/);
  });

  test("five wrong passwords for the owner from one address, then the right one from another signs in", async ({
    dataDirectory,
  }) => {
    const DATA_DIR = dataDirectory();
    const email = "owner@example.com";
    const password = await addStaffWithCommand({ DATA_DIR }, email, "owner");
    const server = await startServer({
      DATA_DIR,
      TRUST_PROXY: "true",
      SITE_URL: "https://pub.example",
      CLIENT_IP_HEADER: "X-Test-Client",
    });
    const from = (address: string) => (fields: Record<string, string>) =>
      fetch(new URL("/staff/sign-in", server.url), {
        method: "POST",
        redirect: "manual",
        headers: {
          "Sec-Fetch-Site": "same-origin",
          Origin: server.url,
          "X-Test-Client": address,
        },
        body: new URLSearchParams({ ...fields, redirectTo: "/staff" }),
      });
    const attacker = from("203.0.113.66");
    for (let n = 0; n < 5; n += 1) {
      expect((await attacker({ email, password: `guess-${n}` })).status).toBe(400);
    }
    const owner = await from("198.51.100.7")({ email, password: password! });
    expect(owner.status).toBe(303);
    expect(owner.headers.get("Location")).toBe("/staff");
    await stop(server);
  });

  test.each([
    [
      "an unknown role",
      ["--email", "a@example.com", "--role", "boss"],
      '--role must be "owner" or "editor".',
    ],
    ["no email", ["--role", "editor"], "--email must be an email address."],
    [
      "an unknown flag",
      ["--email", "a@example.com", "--role", "editor", "--force"],
      'Unknown argument "--force".',
    ],
    ["a flag without its value", ["--role", "editor", "--email"], "--email needs a value."],
  ])("staff-add with %s exits 2 with the usage", async (_, args, message) => {
    await expectRefusedArguments(["staff-add", ...args], message, USAGE);
  });
});

/**
 * A Supabase project: its Auth (the loopback fake) over a PostgreSQL database
 * that is also the site's DATABASE_URL, as a project's database holds both
 * the site's tables and Auth's. Needs TEST_DATABASE_URL (CI sets it).
 */
type Project = {
  fake: SupabaseAuthFake;
  /** The server's environment: the project's URL and publishable key, and its database. */
  env: Record<string, string>;
  /** Stops the fake (the project's Auth going down); idempotent. */
  stopAuth(): Promise<void>;
  close(): Promise<void>;
};

async function startProject(): Promise<Project> {
  const database = await openTestDatabase("postgres");
  const fake = await startSupabaseAuthFake({ db: database });
  let stopped = false;
  const stopAuth = async () => {
    if (stopped) return;
    stopped = true;
    await fake.close();
  };
  return {
    fake,
    env: {
      SUPABASE_URL: fake.url,
      SUPABASE_PUBLISHABLE_KEY: fake.publishableKey,
      DATABASE_URL: database.url!,
    },
    stopAuth,
    async close() {
      await stopAuth();
      await database[Symbol.asyncDispose]();
    },
  };
}

/** Puts `email` on the staff list with staff-add against the project; the password it prints. */
async function addOwner(project: Project, email: string): Promise<string> {
  const added = await runServerToExit(
    { ...project.env, SUPABASE_SECRET_KEY: project.fake.secretKey },
    ["staff-add", "--email", email, "--role", "owner"],
  );
  expect(added.output).toContain(`${email} is on the staff list as an owner.`);
  const password = /Their password, shown this once: (\S+)/.exec(added.output)?.[1];
  expect(password, added.output).toBeDefined();
  expect(added.code, added.output).toBe(0);
  return password!;
}

describe.runIf(drivers.includes("postgres"))("with a Supabase project (the loopback fake)", () => {
  let project: Project | undefined;
  afterEach(async () => {
    stopAllServers();
    await project?.close();
    project = undefined;
  });

  test("staff-add puts a project's account on the list; the server signs in, verifies and signs out there", async () => {
    project = await startProject();
    const { fake } = project;
    const email = "landlord@example.com";
    const password = await addOwner(project, email);
    const user = await fake.service.findUserByEmail(email);
    expect(user).not.toBeNull();

    const server = await startServer(project.env);
    const staff = browser(server);
    const signedIn = await signIn(staff, email, password);
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("Location")).toBe("/staff");
    const sessions = async () =>
      (
        await fake.db.query<{ count: number }>(
          "select count(*)::int as count from auth.sessions where user_id = $1::uuid",
          [user!.id],
        )
      )[0]?.count;
    expect(await sessions()).toBe(1);

    const inbox = await staff.get("/staff");
    expect(inbox.status).toBe(200);
    expect(await inbox.text()).toMatch(INBOX_HEADING);

    // The access token is checked against the project's key set: one whose signature is not the project's is refused.
    const tokens = sessionTokens(staff.jar);
    const [header, payload, signature] = tokens.access_token.split(".");
    const forged = {
      ...tokens,
      access_token: [header, payload, [...signature!].reverse().join("")].join("."),
    };
    const forgedCookie = `sb-staff-auth-token=base64-${Buffer.from(JSON.stringify(forged)).toString("base64url")}`;
    const refused = await fetch(`${server.url}/staff`, {
      redirect: "manual",
      headers: { Cookie: forgedCookie },
    });
    expect([302, 303]).toContain(refused.status);
    expect(refused.headers.get("Location")).toBe("/staff/sign-in");
    expect(refused.headers.getSetCookie().join("\n")).toMatch(/sb-staff-auth-token=;.*Max-Age=0/i);
    expect(await sessions()).toBe(1);

    const signedOut = await staff.post("/staff/sign-out", {});
    expect(signedOut.status).toBe(303);
    expect(staff.sessionCookies()).toEqual([]);
    expect(await sessions()).toBe(0);
    // The session's refresh token no longer gets a new one at the project.
    const refreshed = await fetch(`${fake.url}/auth/v1/token?grant_type=refresh_token`, {
      method: "POST",
      headers: { apikey: fake.publishableKey, "Content-Type": "application/json" },
      body: JSON.stringify({ refresh_token: tokens.refresh_token }),
    });
    expect(refreshed.status).toBe(400);

    await stop(server);
    expect(server.output()).not.toMatch(/setup\?code=|Nobody is on the staff list/);
  });

  test("there is no setup link, and staff-add needs the secret key", async () => {
    project = await startProject();
    const server = await startServer(project.env);
    const setupPath = `/staff/setup?code=${"a".repeat(43)}`;
    expect((await fetch(`${server.url}${setupPath}`)).status).toBe(404);
    const setupPost = await browser(server).post(setupPath, {
      email: "intruder@example.com",
      password: "a long enough password",
      confirmPassword: "a long enough password",
    });
    expect(setupPost.status).toBe(404);
    await stop(server);
    expect(server.output()).not.toMatch(/setup\?code=|Nobody is on the staff list/);

    const { code, output } = await runServerToExit(project.env, [
      "staff-add",
      "--email",
      "a@example.com",
      "--role",
      "owner",
    ]);
    expect(output).toMatch(/SUPABASE_SECRET_KEY/);
    expect(output).not.toMatch(STACK_LINE);
    expect(code).toBe(1);
    expect(await project.fake.service.findUserByEmail("a@example.com")).toBeNull();
  });

  test("when the project's Auth goes down, the staff pages say so instead of failing", async () => {
    project = await startProject();
    const email = "landlord@example.com";
    const password = await addOwner(project, email);
    const server = await startServer(project.env);
    const staff = browser(server);
    expect((await signIn(staff, email, password)).status).toBe(303);
    expect((await staff.get("/staff")).status).toBe(200);

    await project.stopAuth();

    // The access token may still verify against the cached key set; if not, a clear 503.
    const inbox = await staff.get("/staff");
    const inboxHtml = await inbox.text();
    expect([200, 503]).toContain(inbox.status);
    if (inbox.status === 200) expect(inboxHtml).toMatch(INBOX_HEADING);
    else expect(inboxHtml).toMatch(/unavailable/i);
    expect(inboxHtml).not.toMatch(STACK_LINE);

    const newcomer = browser(server);
    const refused = await signIn(newcomer, email, password);
    expect(refused.status).toBe(503);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toMatch(/Signing in is unavailable for a moment/);
    expect(refusedHtml).toMatch(new RegExp(`<input[^>]*value="${email}"`));
    expect(refusedHtml).not.toMatch(STACK_LINE);
    expect(newcomer.sessionCookies()).toEqual([]);

    await stop(server);
    expect(server.output()).not.toMatch(STACK_LINE);

    // A server with no key set cached cannot check the cookie: it says so, and keeps the session.
    const restarted = await startServer(project.env);
    const unchecked = await fetch(`${restarted.url}/staff`, {
      redirect: "manual",
      headers: { Cookie: staff.jar.header() },
    });
    expect(unchecked.status).toBe(503);
    const uncheckedHtml = await unchecked.text();
    expect(uncheckedHtml).toMatch(/Staff sign-in is unavailable for a moment/);
    expect(uncheckedHtml).not.toMatch(STACK_LINE);
    expect(
      unchecked.headers
        .getSetCookie()
        .filter((cookie) => SESSION_COOKIE.test(cookie.split("=")[0]!)),
    ).toEqual([]);
    await stop(restarted);
    expect(restarted.output()).not.toMatch(STACK_LINE);
  });
});

test("a Supabase project without its database stops the server, naming DATABASE_URL", async () => {
  const { code, output } = await runServerToExit({
    SUPABASE_URL: "http://127.0.0.1:9",
    SUPABASE_PUBLISHABLE_KEY: "sb_publishable_abcdefgh123",
  });
  expect(code).toBe(1);
  expect(output).toMatch(/DATABASE_URL: must be set when SUPABASE_URL is/);
  expect(output).not.toMatch(STACK_LINE);
});
