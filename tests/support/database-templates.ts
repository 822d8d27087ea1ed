import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { scratchDirectory } from "./scratch";
import { prepareTemplates } from "./test-database";

/**
 * Vitest's global setup: the template databases every test file copies, and
 * a temporary folder for this run (TMPDIR for the test files and the servers
 * they start), removed with whatever is left in it when the run ends: a
 * server killed as its file ends may not live to remove its data folder.
 */
export default async function setup() {
  await prepareTemplates();
  const run = mkdtempSync(path.join(scratchDirectory, "pub-site-tests-"));
  process.env.TMPDIR = run;
  return () => rmSync(run, { recursive: true, force: true });
}
