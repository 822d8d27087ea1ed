// Where the browser tests find Chromium: shared by the Playwright config and
// ensure-chromium.ts, which Node runs directly (erasable TypeScript only).
import { existsSync } from "node:fs";

/** Debian's package first: Playwright's own download cannot be fetched everywhere. */
const SYSTEM_CHROMIUM = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
];

/** The Chromium to drive, or undefined when only Playwright's own download could serve. */
export function findChromium(): string | undefined {
  const configured = process.env.CHROMIUM_PATH?.trim();
  if (configured) return existsSync(configured) ? configured : undefined;
  return SYSTEM_CHROMIUM.find((candidate) => existsSync(candidate));
}

/** Flags for a headless, sandbox-free Chromium that never reaches out to the network. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];
