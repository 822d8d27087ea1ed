import { afterEach, describe, expect, vi } from "vitest";
import {
  runServerToExit,
  startServer,
  stopAllServers,
  type RunningServer,
} from "../support/built-server";
import {
  addStaffWithCommand,
  browserOn as browser,
  expectRefusedArguments,
  serverTest as test,
} from "../support/server-test";
import { drivers, openTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * `staff-reset` through the production build, as an owner locked out of the
 * site runs it: the one-time link it prints, used in the site (once), and
 * what it says, with a non-zero exit, for an address it cannot help. On the
 * embedded database (a data folder the commands and the server share) and on
 * PostgreSQL (DATABASE_URL), with the embedded Auth service on each.
 */

// Each test runs several commands and starts a server: seconds apiece on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const STACK_LINE = /\n\s+at \S/;
const INBOX_HEADING = /<h1[^>]*>Enquiries<\/h1>/;
const USAGE = "Usage: npm run staff:reset -- --email name@example.com";
const RESET_LINK = /^(\S+\/staff\/setup\?code=[\w-]{43})$/m;

async function signIn(server: RunningServer, email: string, password: string) {
  const user = browser(server);
  const answer = await user.post("/staff/sign-in", { email, password, redirectTo: "/staff" });
  return { user, status: answer.status };
}

async function stop(server: RunningServer) {
  server.process.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}

describe.each(drivers)("staff-reset on %s", (driver) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    // The servers go before their database does.
    stopAllServers();
    await database?.[Symbol.asyncDispose]();
    database = undefined;
  });

  /** Where the commands and the server keep their data: one folder, or one database. */
  async function siteData(dataDirectory: () => string): Promise<Record<string, string>> {
    if (driver === "pglite") return { DATA_DIR: dataDirectory() };
    database = await openTestDatabase("postgres");
    return { DATABASE_URL: database.url! };
  }

  test("prints a one-time link with which a member sets a new password in the site, once", async ({
    dataDirectory,
  }) => {
    const env = await siteData(dataDirectory);
    const owner = "owner@example.com";
    const oldPassword = await addStaffWithCommand(env, owner, "owner");

    const made = await runServerToExit({ ...env, PORT: "8080" }, [
      "staff-reset",
      "--email",
      "  Owner@Example.com ",
    ]);
    expect(made.output, made.output).toMatch(
      /^A link for owner@example\.com to set a new password \(it works once, until \d{4}-\d\d-\d\dT[\d:.]+Z\):$/m,
    );
    const printed = RESET_LINK.exec(made.output)?.[1];
    expect(printed, made.output).toMatch(/^http:\/\/localhost:8080\/staff\/setup\?code=/);
    expect(made.output).toContain(
      "SITE_URL is not set: if the site is not at http://localhost:8080, use its address instead.",
    );
    expect(made.output).not.toMatch(STACK_LINE);
    expect(made.code).toBe(0);
    const link = new URL(printed!);
    const path = `${link.pathname}${link.search}`;

    // With SITE_URL, the link is on the site's address; a newer link replaces the first.
    const onSite = await runServerToExit({ ...env, SITE_URL: "https://pub.example.com" }, [
      "staff-reset",
      `--email=${owner}`,
    ]);
    const siteLink = RESET_LINK.exec(onSite.output)?.[1];
    expect(siteLink, onSite.output).toMatch(/^https:\/\/pub\.example\.com\/staff\/setup\?code=/);
    expect(onSite.output).not.toMatch(/SITE_URL is not set/);
    expect(onSite.code).toBe(0);
    const replaced = new URL(siteLink!);
    const newerPath = `${replaced.pathname}${replaced.search}`;

    const server = await startServer(env);
    const older = await fetch(new URL(path, server.url));
    expect(older.status).toBe(200);
    expect(await older.text()).toMatch(/This link has expired/);

    // The page asks for the new password twice; two different ones keep the link working.
    const staff = browser(server);
    const page = await staff.get(newerPath);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<h1[^>]*>Set a new password<\/h1>/);
    expect(html).toMatch(/<input[^>]*value="owner@example.com"/);
    expect(html).toMatch(/<input[^>]*name="confirmPassword"/);
    const newPassword = "a new password from the command line";
    const mismatched = await staff.post(newerPath, {
      password: newPassword,
      confirmPassword: `${newPassword}!`,
    });
    expect(mismatched.status).toBe(400);
    expect(await mismatched.text()).toContain(
      "The two passwords differ. Type the same password twice.",
    );

    const set = await staff.post(newerPath, {
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(set.status).toBe(303);
    expect(set.headers.get("Location")).toBe("/staff");
    const inbox = await staff.get("/staff");
    expect(inbox.status).toBe(200);
    expect(await inbox.text()).toMatch(INBOX_HEADING);

    // Once only: the link is spent, the old password is refused and the new one signs in.
    const again = await browser(server).post(newerPath, {
      password: "yet another long password",
      confirmPassword: "yet another long password",
    });
    expect(again.status).toBe(410);
    expect(await again.text()).toMatch(/expired or has been used/);
    const revisited = await fetch(new URL(newerPath, server.url));
    expect(await revisited.text()).toMatch(/This link has expired/);
    expect((await signIn(server, owner, oldPassword)).status).toBe(400);
    expect((await signIn(server, owner, newPassword)).status).toBe(303);

    await stop(server);
    expect(server.output()).not.toMatch(STACK_LINE);
  });

  test("an unknown address, or an account off the staff list, is refused with what to do; an invitee gets their invitation again", async ({
    dataDirectory,
  }) => {
    const env = await siteData(dataDirectory);
    const owner = "owner@example.com";
    const editor = "editor@example.com";
    const ownerPassword = await addStaffWithCommand(env, owner, "owner");
    await addStaffWithCommand(env, editor, "editor");

    // The owner removes the editor, whose account stays (as it would at Supabase).
    const server = await startServer(env);
    const { user, status } = await signIn(server, owner, ownerPassword);
    expect(status).toBe(303);
    const people = await (await user.get("/staff/people")).text();
    const editorId = [
      ...people.matchAll(/href="[^"]*\?remove=([\da-f-]{36})"[^>]*>((?:(?!<\/a>)[^])*)<\/a>/g),
    ].find(([, , inner]) => inner?.includes(editor))?.[1];
    expect(editorId, "the editor's Remove link").toBeDefined();
    const removed = await user.post("/staff/people", { intent: "remove", userId: editorId! });
    expect(removed.status).toBe(303);
    // And invites someone, who has not joined yet.
    const newcomer = "newcomer@example.com";
    const invited = await user.post("/staff/people", {
      intent: "invite",
      email: newcomer,
      role: "editor",
    });
    expect(invited.status).toBe(200);
    await stop(server);

    // Someone invited who has not joined gets their invitation again.
    const invitation = await runServerToExit(env, ["staff-reset", "--email", newcomer]);
    expect(invitation.output).toMatch(
      /^newcomer@example\.com has not joined yet: a new invitation link, with which they set their password \(it works once, until \S+\):$/m,
    );
    expect(invitation.output).toMatch(RESET_LINK);
    expect(invitation.code).toBe(0);

    const offTheList = await runServerToExit(env, ["staff-reset", "--email", editor]);
    expect(offTheList.output).toContain(
      `${editor} has an account but is not on the staff list, so a link would not let them in. Put them on it with: npm run staff:add -- --email ${editor} --role owner`,
    );
    expect(offTheList.output).not.toMatch(/staff\/setup\?code=/);
    expect(offTheList.output).not.toMatch(STACK_LINE);
    expect(offTheList.code).toBe(1);

    const unknown = await runServerToExit(env, ["staff-reset", "--email", "nobody@example.com"]);
    expect(unknown.output).toContain(
      "Nobody on the staff list has the email nobody@example.com. Check the address, or add them with: npm run staff:add -- --email nobody@example.com --role owner",
    );
    expect(unknown.output).not.toMatch(/staff\/setup\?code=/);
    expect(unknown.output).not.toMatch(STACK_LINE);
    expect(unknown.code).toBe(1);
  });
});

test.each([
  ["no email", [], "Give one --email: the staff member who needs a new password."],
  [
    "two emails",
    ["--email", "a@example.com", "--email", "b@example.com"],
    "Give one --email: the staff member who needs a new password.",
  ],
  ["a malformed email", ["--email", "not an address"], "--email must be an email address."],
  ["an unknown flag", ["--email", "a@example.com", "--force"], 'Unknown argument "--force".'],
  ["a flag without its value", ["--email"], "--email needs a value."],
])("staff-reset with %s exits 2 with the usage", async (_, args, message) => {
  await expectRefusedArguments(["staff-reset", ...args], message, USAGE);
});
