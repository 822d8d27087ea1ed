import { describe, expect } from "vitest";
import { drivers, routeTest as test } from "../../tests/support/route-test";
import { SAMPLE_PICTURES } from "~/staff/sample-content";
import { describePicture, pictureDescriptionsInUse } from "./picture-descriptions.server";

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
