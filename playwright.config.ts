import { defineConfig, devices } from "@playwright/test";
import { E2E_STAFF_PASSWORD, staffAccounts } from "./tests/e2e/fixtures.ts";
import { CHROMIUM_ARGS, findTestChromium } from "./tests/support/chromium.ts";
import { SERVER_ENV, SERVER_NODE_OPTIONS } from "./tests/support/server-options.ts";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const E2E_DATA_DIR = `node_modules/.cache/e2e-data-${PORT}`;
const executablePath = findTestChromium();

/**
 * The staff list, made with the server's own command before it starts (one
 * run for everyone: each run opens and migrates the database, a few seconds
 * apiece): the password goes in on standard input, as an operator would type it.
 */
const node = ["node", ...SERVER_NODE_OPTIONS].join(" ");
const addStaff = `printf '%s\\n' "$E2E_STAFF_PASSWORD" | ${node} ./build/server/index.js staff-add ${staffAccounts
  .map(({ email }) => `--email ${email}`)
  .join(" ")} --role owner --password-stdin`;

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // Ceilings, not waits: every wait ends as soon as its condition holds, and
  // these only say when to give up. They leave room for a busy two-core
  // machine, where a save that resizes a picture can take several seconds.
  // (What visitors must see within a given time is asserted with its own
  // explicit timeout.)
  timeout: 60_000,
  expect: { timeout: 15_000 },
  retries: process.env.CI ? 1 : 0,
  // One per core; E2E_WORKERS overrides it (three took longer per test on
  // two cores: the browsers and the server are busier than they look).
  workers: Number(process.env.E2E_WORKERS) || 2,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace (a DOM snapshot at every step) for every test, to keep
    // the failures', made the specs a tenth (pages) to a quarter (forms,
    // editors) slower. It runs for a retry instead (CI retries once);
    // `--trace on` asks for it.
    trace: "on-first-retry",
    launchOptions: {
      // Debian's headless shell where there is one, else its whole Chromium;
      // Playwright's own otherwise.
      ...(executablePath ? { executablePath } : {}),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], viewport: { width: 375, height: 740 } },
    },
  ],
  webServer: {
    // The tests run against the production build, served as in production
    // (with the options and environment `npm run serve` gives it).
    // A fresh embedded database each run, migrated and seeded as on a first
    // start, with the staff the tests sign in as.
    command: `rm -rf ${E2E_DATA_DIR} && ${addStaff} && ${node} ./build/server/index.js`,
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: !process.env.CI,
    // The first start copies and migrates the database, and staff-add hashes
    // a password for each account.
    timeout: 300_000,
    env: {
      ...SERVER_ENV,
      NODE_ENV: "production",
      PORT: String(PORT),
      LOG_LEVEL: "warn",
      DATA_DIR: E2E_DATA_DIR,
      // All test traffic comes from one address, which the enquiry forms' rate
      // limit would soon refuse: tests give each page its own address in this
      // header, as the proxy in front of the site would (so the server runs as
      // it does behind one, with its public origin given).
      TRUST_PROXY: "true",
      CLIENT_IP_HEADER: "Fly-Client-IP",
      SITE_URL: `http://localhost:${PORT}`,
      E2E_STAFF_PASSWORD,
      // bcrypt's lowest cost, for staff-add's accounts and every sign-in, as
      // in the Vitest projects (vite.config.ts).
      AUTH_PASSWORD_HASH_COST: "4",
    },
    stdout: "pipe",
    stderr: "pipe",
  },
});
