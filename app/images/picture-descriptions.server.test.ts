import postgres from "postgres";
import { describe, expect, test as plainTest } from "vitest";
import type { Database } from "~/platform/database/database.server";
import { drivers, routeTest as test } from "../../tests/support/route-test";
import { SAMPLE_PICTURES } from "~/staff/sample-content";
import {
  describePicture,
  holdPictures,
  pictureDescriptionsInUse,
} from "./picture-descriptions.server";

describe.each(drivers)("a picture's description on %s", (driver) => {
  test.override({ driver });

  test("every picture the sample shows has one description, wherever it is shown", async ({
    db,
  }) => {
    const shown = await pictureDescriptionsInUse(db);
    const byPath = Map.groupBy(shown, (row) => row.path);
    // The live-music stage is shown by three events and a venue space.
    expect(byPath.get("events/live-music.svg")!.length).toBeGreaterThanOrEqual(4);
    for (const [path, rows] of byPath) {
      const descriptions = new Set(rows.map((row) => row.description));
      expect([...descriptions], path).toHaveLength(1);
      const [description] = descriptions;
      // A sentence someone who cannot see it can picture, not a file's name.
      expect(description, path).toMatch(/^[A-Z].{20,158}\.$/);
      expect(description, path).not.toMatch(/^(An? )?(picture|image|photo|illustration) of/i);
    }
    // Every sample picture the sample shows is among them, the home page's too.
    expect(SAMPLE_PICTURES.filter((path) => byPath.has(path)).length).toBeGreaterThanOrEqual(25);
    expect(byPath.has("hero/taproom.svg")).toBe(true);
  });

  test("a description saved for a picture goes to every row showing it, as the staff member who saved it", async ({
    asEditor,
  }) => {
    const words = "An empty stage with an acoustic guitar on its stand under warm lights.";
    const changed = await asEditor(async (tx) => {
      const first = await describePicture(tx, "events/live-music.svg", words);
      // Said again, nothing is left to change.
      const again = await describePicture(tx, "events/live-music.svg", words);
      const shown = await pictureDescriptionsInUse(tx);
      // Each row it changed is in the audit log, in the editor's name.
      const logged = await tx.query<{ actor: string | null }>(
        `select actor::text as actor from public.audit_log where new_row::text like $1`,
        [`%${words}%`],
      );
      return { first, again, shown, logged };
    });
    const rows = changed.shown.filter((row) => row.path === "events/live-music.svg");
    expect(new Set(rows.map((row) => row.description))).toEqual(new Set([words]));
    expect(new Set(rows.map((row) => row.shownBy))).toEqual(new Set(["events", "venue_spaces"]));
    expect(changed.first).toBe(rows.length);
    expect(changed.again).toBe(0);
    // Other pictures keep theirs.
    expect(changed.shown.filter((row) => row.description === words)).toHaveLength(rows.length);
    expect(changed.logged).toHaveLength(rows.length);
    expect(changed.logged.every((entry) => entry.actor !== null)).toBe(true);
  });

  test("an empty description changes nothing, and a visitor may not describe pictures", async ({
    asEditor,
    asAnon,
  }) => {
    expect(await asEditor((tx) => describePicture(tx, "events/trivia.svg", "  "))).toBe(0);
    await expect(
      asAnon((tx) => describePicture(tx, "events/trivia.svg", "A stranger's words.")),
    ).rejects.toMatchObject({ code: "42501" });
  });
});

// Two saves of rows showing one picture, on a server where they truly run at
// once: the second waits for the first to end instead of each waiting for the
// row the other holds. Two connections of their own, so the wait is real.
describe.runIf(process.env.TEST_DATABASE_URL)("holding a picture on PostgreSQL", () => {
  plainTest(
    "a second save of the same picture waits for the first; another picture does not",
    async () => {
      const first = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
      const second = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
      const asDatabase = (sql: postgres.TransactionSql) =>
        ({
          query: (text: string, params: unknown[] = []) =>
            sql.unsafe(text, params as postgres.ParameterOrJSON<never>[]),
        }) as unknown as Database;
      try {
        let letGo = () => {};
        const holding = new Promise<void>((resolve) => (letGo = resolve));
        let held = () => {};
        const isHeld = new Promise<void>((resolve) => (held = resolve));
        const firstSave = first.begin(async (sql) => {
          await holdPictures(asDatabase(sql), ["events/live-music.svg", "dishes/wings.svg"]);
          held();
          await holding;
        });
        await isHeld;
        // While the first holds it, the same picture cannot be had: not even after a moment.
        await expect(
          second.begin(async (sql) => {
            await sql`set local lock_timeout = '150ms'`;
            await holdPictures(asDatabase(sql), ["events/live-music.svg"]);
          }),
        ).rejects.toMatchObject({ code: "55P03" });
        // Another picture can.
        await second.begin((sql) => holdPictures(asDatabase(sql), ["events/trivia.svg"]));
        letGo();
        await firstSave;
        // Once the first has ended, it is free.
        await second.begin((sql) => holdPictures(asDatabase(sql), ["events/live-music.svg"]));
      } finally {
        await Promise.all([first.end(), second.end()]);
      }
    },
  );
});
