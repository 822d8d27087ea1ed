import { rmSync } from "node:fs";
import { test } from "vitest";
import { freshDataDirectory, stopAllServers, type RunningServer } from "./built-server";
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
