import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { expect, test } from "vitest";
import {
  freshDataDirectory,
  runRefusedCommand,
  runServerToExit,
  stopAllServers,
  type RunningServer,
} from "./built-server";
import { CookieJar } from "./staff-requests";

/**
 * Tests that start servers of the production build of their own: a test's
 * servers are stopped when it ends (a failed assertion skips its own
 * clean-up), and `dataDirectory()` makes a data folder that several servers
 * and commands of a test share, removed when the file ends.
 */
export const serverTest = test
  .extend(
    "dataDirectories",
    { scope: "file" },
    // Vitest reads a fixture's dependencies from its first parameter's pattern.
    // eslint-disable-next-line no-empty-pattern
    ({}, { onCleanup }) => {
      const made: string[] = [];
      onCleanup(() => {
        for (const directory of made) rmSync(directory, { recursive: true, force: true });
      });
      return made;
    },
  )
  .extend("dataDirectory", ({ dataDirectories }) => () => {
    const directory = freshDataDirectory();
    dataDirectories.push(directory);
    return directory;
  })
  // eslint-disable-next-line no-empty-pattern
  .extend("stopsItsServers", { auto: true }, ({}, { onCleanup }) => {
    onCleanup(stopAllServers);
    return true;
  });

/**
 * One browser on the built servers: its cookies, sent back with each request
 * to `server` (or, through `at`, to another instance of the same site);
 * redirects not followed. Posts are same-site, as a browser sends a form.
 */
export function browserOn(server: RunningServer, jar = new CookieJar()) {
  const send = async (target: string, init: RequestInit = {}) =>
    jar.take(
      await fetch(new URL(target, server.url), {
        ...init,
        redirect: "manual",
        headers: { ...init.headers, Cookie: jar.header() },
      }),
    );
  return {
    jar,
    get: (target: string) => send(target),
    post: (target: string, body: Record<string, string> | FormData) =>
      send(target, {
        method: "POST",
        headers: { "Sec-Fetch-Site": "same-origin", Origin: server.url },
        body: body instanceof FormData ? body : new URLSearchParams(body),
      }),
    /** The same browser, on another instance. */
    at: (other: RunningServer) => browserOn(other, jar),
  };
}

/** A browser on `server`, signed in as `email` through the sign-in form and sent on to the inbox. */
export async function signedInOn(server: RunningServer, email: string, password: string) {
  const user = browserOn(server);
  const answer = await user.post("/staff/sign-in", { email, password, redirectTo: "/staff" });
  expect(answer.status).toBe(303);
  expect(answer.headers.get("Location")).toBe("/staff");
  return user;
}

/**
 * Puts `email` on the staff list with the built server's `staff-add`
 * command, run with `env`; the password it prints, once.
 */
export async function addStaffWithCommand(
  env: Record<string, string>,
  email: string,
  role: "owner" | "editor",
): Promise<string> {
  const added = await runServerToExit(env, ["staff-add", "--email", email, "--role", role]);
  const password = /Their password, shown this once: (\S+)/.exec(added.output)?.[1];
  expect(password, added.output).toBeDefined();
  expect(added.code, added.output).toBe(0);
  return password!;
}

/**
 * A server command given bad arguments: it says `message` and how it is
 * used, with no stack trace, and exits 2 before it opens the database.
 */
export async function expectRefusedArguments(args: string[], message: string, usage: string) {
  const { code, output, opened } = await runRefusedCommand(args);
  expect(output).toContain(message);
  expect(output).toContain(usage);
  expect(output).not.toMatch(/\n\s+at \S/);
  expect(code).toBe(2);
  // The arguments are checked before the database is opened: none was made.
  expect(opened).toBe(false);
}

/** The contact form's fields as a visitor fills them in, with `changes`. */
export function contactForm(changes: Record<string, string> = {}): Record<string, string> {
  return {
    submission: randomUUID(),
    name: "Sam Okafor",
    email: "sam@example.com",
    topic: "general",
    message: "Do you have gluten-free buns for the burgers?",
    consent: "on",
    ...changes,
  };
}

/** Posts `fields` to `server`'s contact form as a browser does; redirects not followed. */
export function postContact(server: RunningServer, fields: Record<string, string>) {
  return fetch(new URL("/contact", server.url), {
    method: "POST",
    redirect: "manual",
    headers: { "Sec-Fetch-Site": "same-origin", Origin: server.url },
    body: new URLSearchParams(fields),
  });
}
