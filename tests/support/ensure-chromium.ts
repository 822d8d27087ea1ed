// Makes sure the browser tests have a Chromium: Debian's headless shell where
// system packages can be installed, else a whole Chromium already installed,
// else Playwright's own download, or else a clear message with the command to run.
import { spawnSync } from "node:child_process";
import { chromium } from "@playwright/test";
import { existsSync } from "node:fs";
import { HEADLESS_SHELL, findChromium } from "./chromium.ts";

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
if (process.env.CHROMIUM_PATH || existsSync(HEADLESS_SHELL)) process.exit(0);

const isRoot = process.getuid?.() === 0;
const sudo = !isRoot && can("sudo") && spawnSync("sudo", ["-n", "true"]).status === 0;
if (can("apt-get") && (isRoot || sudo)) {
  console.log("Installing Debian's Chromium headless shell for the browser tests.");
  const apt = (...args: string[]) =>
    isRoot ? run("apt-get", args) : run("sudo", ["-n", "apt-get", ...args]);
  process.env.DEBIAN_FRONTEND = "noninteractive";
  if (
    apt("update", "-qq") &&
    apt("install", "-y", "-qq", "chromium-headless-shell") &&
    existsSync(HEADLESS_SHELL)
  ) {
    process.exit(0);
  }
}
const wholeBrowser = findChromium();
if (wholeBrowser) {
  console.log(
    `The browser tests run in ${wholeBrowser}; they take about half the time in Debian's headless shell (apt-get install chromium-headless-shell).`,
  );
  process.exit(0);
}
if (playwrightChromiumInstalled()) process.exit(0);

console.log("No Chromium found for the browser tests; installing Playwright's own.");
if (run("npx", ["playwright", "install", "chromium"]) && playwrightChromiumInstalled()) {
  process.exit(0);
}

console.error(`
Could not install Chromium for the browser tests. Install it, then run the tests again:

  On Debian or Ubuntu:   sudo apt-get install -y chromium-headless-shell
  Anywhere else:         npx playwright install chromium

Or point CHROMIUM_PATH at a Chromium or Chrome you already have.
`);
process.exit(1);
