// Makes sure the browser tests have a Chromium: Debian's package where system
// packages can be installed, Playwright's own download elsewhere, or else a
// clear message with the command to run.
import { spawnSync } from "node:child_process";
import { chromium } from "@playwright/test";
import { existsSync } from "node:fs";
import { findChromium } from "./chromium.ts";

function run(command: string, args: string[]): boolean {
  console.log(`$ ${[command, ...args].join(" ")}`);
  return spawnSync(command, args, { stdio: "inherit" }).status === 0;
}

function can(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

function playwrightChromiumInstalled(): boolean {
  try {
    return existsSync(chromium.executablePath());
  } catch {
    return false;
  }
}

if (process.env.CHROMIUM_PATH && !findChromium()) {
  console.error(
    `CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, but there is no file there.`,
  );
  process.exit(1);
}
if (findChromium() || playwrightChromiumInstalled()) process.exit(0);

console.log("No Chromium found for the browser tests; installing one.");
const isRoot = process.getuid?.() === 0;
const sudo = !isRoot && can("sudo") && spawnSync("sudo", ["-n", "true"]).status === 0;
if (can("apt-get") && (isRoot || sudo)) {
  const apt = (...args: string[]) =>
    isRoot ? run("apt-get", args) : run("sudo", ["-n", "apt-get", ...args]);
  process.env.DEBIAN_FRONTEND = "noninteractive";
  if (apt("update", "-qq") && apt("install", "-y", "-qq", "chromium") && findChromium()) {
    process.exit(0);
  }
}
if (run("npx", ["playwright", "install", "chromium"]) && playwrightChromiumInstalled()) {
  process.exit(0);
}

console.error(`
Could not install Chromium for the browser tests. Install it, then run the tests again:

  On Debian or Ubuntu:   sudo apt-get install -y chromium
  Anywhere else:         npx playwright install chromium

Or point CHROMIUM_PATH at a Chromium or Chrome you already have.
`);
process.exit(1);
