import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./tests/support/chromium.ts";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const E2E_DATA_DIR = "node_modules/.cache/e2e-data";
const executablePath = findChromium();

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      // Debian's Chromium where there is one; Playwright's own otherwise.
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
    // The tests run against the production build, served as in production.
    // A fresh embedded database each run, migrated and seeded as on a first start.
    command: `rm -rf ${E2E_DATA_DIR} && node ./build/server/index.js`,
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: !process.env.CI,
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      LOG_LEVEL: "warn",
      DATA_DIR: E2E_DATA_DIR,
      // All test traffic comes from one address, which the enquiry forms' rate
      // limit would soon refuse: tests give each page its own address in this header.
      CLIENT_IP_HEADER: "Fly-Client-IP",
    },
    stdout: "pipe",
    stderr: "pipe",
  },
});
