import { afterAll, expect, test, vi } from "vitest";
import { startServer, stopAllServers } from "../support/built-server";
import { exchange, malformedRequests, type MalformedRequest } from "../support/malformed-requests";
import { CookieJar } from "../support/staff-requests";

/**
 * Thousands of malformed requests to one built server, run as in production,
 * each on its own connection (tests/support/malformed-requests.ts makes them
 * from a seed): bad methods, hosts and targets, bodies that are not forms or
 * are cut short, for every route with an action (as a signed-in owner too),
 * broken percent-encoding, junk cookies and conditional, range and encoding
 * headers. None may get a 5xx or be logged as an error, and the server must
 * still serve its home page afterwards.
 *
 * A failure lists the requests and the server's error lines. FUZZ_SEED=<seed>
 * replays a run; FUZZ_COUNT sends more (or fewer) requests.
 */

const SEED = Number.parseInt(process.env.FUZZ_SEED ?? "", 10) || 0x6261_6469;
const COUNT = Math.max(1, Number.parseInt(process.env.FUZZ_COUNT ?? "", 10) || 2_000);
/** Connections open at once: enough to overlap the server's work, few enough for two cores. */
const CONCURRENCY = 4;
const SETUP_LINK = /Make the owner's account at (\S+) \(the link works once/;
const PASSWORD = "correct horse battery staple";

afterAll(stopAllServers);
vi.setConfig({ testTimeout: 180_000 });

test(`${COUNT} malformed requests: no 5xx, no error logged, and the site still serves`, async () => {
  const server = await startServer();
  const port = Number(new URL(server.url).port);
  await server.waitForOutput("(the link works once, until ");
  const link = new URL(SETUP_LINK.exec(server.output())![1]!);
  const setupPath = `${link.pathname}${link.search}`;

  // The owner's session, so posts reach the staff editors' actions.
  const owner = new CookieJar();
  const made = owner.take(
    await fetch(`${server.url}${setupPath}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams({
        email: "owner@example.com",
        password: PASSWORD,
        confirmPassword: PASSWORD,
      }),
    }),
  );
  expect(made.status).toBe(303);
  const home = await (await fetch(`${server.url}/`)).text();
  const asset = /\/assets\/[\w-]+\.js/.exec(home)?.[0];
  const image = home.replaceAll("&amp;", "&").match(/\/img\/[^\s"',]+v=[^\s"',]+/)?.[0];
  expect(asset).toBeDefined();
  expect(image).toBeDefined();

  const requests = malformedRequests(SEED, COUNT, {
    authority: `127.0.0.1:${port}`,
    staffCookie: owner.header(),
    setupPath,
    asset: asset!,
    image: image!,
  });
  const failures: string[] = [];
  const statuses = new Map<string, number>();
  const send = async (request: MalformedRequest) => {
    const answer = await exchange(port, request);
    const key = answer.statuses.join(",") || "no answer";
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    if (answer.statuses.some((status) => status >= 500)) {
      failures.push(`${answer.statuses.join(",")} ${request.label.slice(0, 300)}`);
    } else if (answer.error) {
      failures.push(`${answer.error}: ${request.label.slice(0, 300)}`);
    }
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) await send(requests[next++]!);
    }),
  );

  const errors = server
    .output()
    .split("\n")
    .filter((line) => /^error /.test(line));
  const report = [
    `FUZZ_SEED=${SEED}: ${failures.length} of ${COUNT} requests got a 5xx or no end`,
    ...failures.slice(0, 40),
    `answers: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    "error lines:",
    ...errors.slice(0, 20).map((line) => line.slice(0, 500)),
  ].join("\n");
  expect(failures, report).toEqual([]);
  expect(errors, report).toEqual([]);
  // Most were answered: the generator is not sending requests that all die unread.
  const answered = [...statuses].filter(([key]) => key !== "no answer");
  expect(answered.reduce((sum, [, count]) => sum + count, 0)).toBeGreaterThan(COUNT * 0.9);

  const after = await fetch(`${server.url}/`);
  expect(after.status).toBe(200);
  expect(await after.text()).toContain("</html>");
});
