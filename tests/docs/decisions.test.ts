import { readdirSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, test } from "vitest";

/**
 * The decision records stay findable: each has a status and a date, the
 * documentation's index (docs/README.md) lists every one, and every
 * reference to one, anywhere in the project's files, names a record that
 * exists.
 */

const DECISIONS = "docs/decisions";
const records = readdirSync(DECISIONS).filter((file) => file.endsWith(".md"));

describe("decision records", () => {
  test.each(records)("%s has a status and a date", (file) => {
    const text = readFileSync(path.join(DECISIONS, file), "utf8");
    expect(text).toMatch(/^# \d{3}: .+\n\n- Status: \S.*\n- Date: \d{4}-\d{2}-\d{2}/);
  });

  test("the documentation's index lists every one", () => {
    const index = readFileSync("docs/README.md", "utf8");
    for (const file of records) expect(index).toContain(`(decisions/${file})`);
  });

  test("every reference names a record that exists", () => {
    const tracked = execFileSync("git", ["ls-files"], { encoding: "utf8" })
      .split("\n")
      .filter((file) => file && !file.startsWith(DECISIONS) && !file.endsWith(".lock"));
    const broken: string[] = [];
    for (const file of tracked) {
      let text: string;
      try {
        text = readFileSync(file, "utf8");
      } catch {
        continue;
      }
      for (const [reference] of text.matchAll(/decisions\/\d{3}-[a-z0-9-]+\.md/g)) {
        if (!records.includes(reference.slice("decisions/".length))) {
          broken.push(`${file}: ${reference}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
