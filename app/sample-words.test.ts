import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { SAMPLE_SETTINGS } from "~/staff/sample-content";
import { streetOf } from "~/settings/site-settings";

/**
 * Whatever a visitor reads of the pub (its street, its buses, its house
 * rules) is the pub's to change under /staff, so none of the sample's is
 * written in the code: it lives in the sample data (supabase/seed.sql, the
 * migrations that moved it out of the pages) and in sample-content.ts, which
 * says what the sample is. A page that wrote it would keep saying it after
 * the owner changed it.
 */

const APP = path.resolve("app");

/** Where the sample may be named: what the checklist compares with, and the tests. */
const SAMPLE_DATA = new Set([path.join(APP, "staff/sample-content.ts")]);

/** The sample's streets: its own, from its address ("Dundas" of "123 Dundas Street"), and the cross street its transit note names. */
const STREETS = [streetOf(SAMPLE_SETTINGS).split(" ")[0]!, "Richmond"];

/** Its buses, and the house rules its questions and pages state. */
const SAMPLE_WORDS = [
  ...STREETS,
  "LTC",
  "six or more",
  "eight or more",
  "May to October",
  "under 19",
  "until 9 pm",
  "(18%)",
  "shares fryers",
  "usually within a day",
  "Ontario beef",
  "Smart Serve",
  "cab home",
];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (name.startsWith("+types")) return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(tsx?|css)$/.test(name) && !/\.test(-support)?\.tsx?$/.test(name) ? [full] : [];
  });
}

test("the sample's street is named from its address", () => {
  expect(STREETS[0]).toBe("Dundas");
});

test("no street, bus route or house rule of the sample is written in app/", () => {
  const found = sourceFiles(APP)
    .filter((file) => !SAMPLE_DATA.has(file))
    .flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return SAMPLE_WORDS.filter((words) => text.includes(words)).map(
        (words) => `${path.relative(APP, file)}: ${words}`,
      );
    });
  expect(found).toEqual([]);
});
