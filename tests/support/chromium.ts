// Where the browser tests find Chromium: shared by the Playwright config and
// ensure-chromium.ts, which Node runs directly (erasable TypeScript only).
import { existsSync } from "node:fs";

/**
 * Debian's headless shell: Chromium's renderer without the browser's windowing
 * and UI, as Playwright drives by default for headless runs. The same suite
 * runs in about half the CPU time it takes in the whole browser.
 */
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/** Debian's packages of the whole browser; Playwright's own download cannot be fetched everywhere. */
const SYSTEM_CHROMIUM = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
];

function configured(): string | undefined {
  return process.env.CHROMIUM_PATH?.trim() || undefined;
}

/**
 * The whole browser, for audits that must see what a visitor's Chrome does
 * (Lighthouse), or undefined when none is installed.
 */
export function findChromium(): string | undefined {
  const path = configured();
  if (path) return existsSync(path) ? path : undefined;
  return SYSTEM_CHROMIUM.find((candidate) => existsSync(candidate));
}

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH when set, else the
 * headless shell, else the whole browser; undefined when only Playwright's own
 * download could serve.
 */
export function findTestChromium(): string | undefined {
  if (configured()) return findChromium();
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : findChromium();
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
