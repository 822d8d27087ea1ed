import { describe, expect, test } from "vitest";
import {
  changedSomething,
  describeChange,
  formatChangedAt,
  type AuditEntry,
  type ChangeDetail,
  describeNamedChange,
  NAMED_CHANGE_LINES,
} from "./recent-changes";
import { undoOffer } from "./undo";

const entry = (
  tableName: string,
  oldRow: Record<string, unknown> | null,
  newRow: Record<string, unknown> | null,
  operation: AuditEntry["operation"] = oldRow && newRow ? "UPDATE" : oldRow ? "DELETE" : "INSERT",
): AuditEntry => ({
  id: 1,
  at: "2026-11-24T12:00:00.000Z",
  actor: null,
  actorEmail: null,
  tableName,
  operation,
  oldRow,
  newRow,
});

/** The site's times keep "pm" with its number: a no-break space between. */
const t = (words: string) => words.replace(/ (am|pm)\b/g, "\u00a0$1");

const item = {
  id: 7,
  section_id: 1,
  name: "Crispy Calamari",
  description: "Lightly dusted, with lemon aioli.",
  price_cents: 1400,
  portion: "",
  dietary_tags: ["vegetarian"],
  allergens: ["molluscs"],
  badges: [],
  available: false,
  featured: false,
  image_path: null,
  image_alt: "",
  sort_order: 20,
  published: true,
  updated_at: "2026-11-24T10:00:00+00:00",
};
const friday = {
  weekday: 5,
  opens_at: "11:00:00",
  closes_at: "23:00:00",
  kitchen_closes_at: "22:00:00",
};
const christmasEve = {
  id: 3,
  starts_on: "2026-12-24",
  ends_on: "2026-12-24",
  closed: true,
  opens_at: null,
  closes_at: null,
  kitchen_closes_at: null,
  note: "Christmas Eve",
};
const event = {
  id: 4,
  slug: "trivia",
  title: "Trivia night",
  summary: "",
  description: "",
  starts_at: "2026-12-04T00:00:00+00:00",
  ends_at: null,
  status: "scheduled",
  price_cents: null,
  image_path: null,
  image_alt: "",
  published: true,
};
const long =
  "A pound of wings, tossed in your choice of sauce, with celery, carrots and blue cheese.";

describe("a change in the site's words", () => {
  test.each<[string, AuditEntry, string, string[]]>([
    [
      "a dish put back on the menu",
      entry("menu_items", item, { ...item, available: true }),
      "Crispy Calamari: off the menu → on the menu",
      ["Off the menu → on the menu"],
    ],
    [
      "a dish's price and availability at once",
      entry("menu_items", item, { ...item, price_cents: 1550, available: true }),
      "Crispy Calamari: price $14.00 → $15.50; off the menu → on the menu",
      ["Price $14.00 → $15.50", "Off the menu → on the menu"],
    ],
    [
      "a dish not available today, back at the pub's 4 am",
      entry(
        "menu_items",
        { ...item, available: true, unavailable_until: null },
        { ...item, available: true, unavailable_until: "2026-11-27T09:00:00+00:00" },
      ),
      t("Crispy Calamari: not available today, back at 4 am on Friday, November 27"),
      [t("Not available today, back at 4 am on Friday, November 27")],
    ],
    [
      "a dish out for the day made available again",
      entry(
        "menu_items",
        { ...item, available: true, unavailable_until: "2026-11-27T09:00:00+00:00" },
        { ...item, available: true, unavailable_until: null },
      ),
      "Crispy Calamari: no longer marked not available today",
      ["No longer marked not available today"],
    ],
    [
      "a night closing earlier",
      entry("opening_hours", friday, { ...friday, closes_at: "21:45:00" }),
      t("Friday: closes at 11 pm → 9:45 pm"),
      [t("Closes at 11 pm → 9:45 pm")],
    ],
    [
      "the kitchen closing with the bar",
      entry("opening_hours", friday, { ...friday, kitchen_closes_at: null }),
      t("Friday: kitchen closes at 10 pm → when the bar closes"),
      [t("Kitchen closes at 10 pm → when the bar closes")],
    ],
    [
      "a day opened",
      entry("opening_hours", null, { ...friday, weekday: 1 }),
      t("Monday: closed → 11 am to 11 pm, kitchen until 10 pm"),
      [t("Closed → 11 am to 11 pm, kitchen until 10 pm")],
    ],
    [
      "a day closed",
      entry("opening_hours", friday, null),
      t("Friday: 11 am to 11 pm, kitchen until 10 pm → Closed"),
      [t("11 am to 11 pm, kitchen until 10 pm → Closed")],
    ],
    [
      "a holiday added",
      entry("hours_exceptions", null, christmasEve),
      "Added the hours for Thursday, December 24: closed · Christmas Eve",
      ["Closed · Christmas Eve"],
    ],
    [
      "a holiday open after all",
      entry("hours_exceptions", christmasEve, {
        ...christmasEve,
        closed: false,
        opens_at: "12:00:00",
        closes_at: "20:00:00",
      }),
      t(
        "Hours for Thursday, December 24: closed → open; opens at none → noon; closes at none → 8 pm",
      ),
      ["Closed → open", "Opens at none → noon", t("Closes at none → 8 pm")],
    ],
    [
      "a dish renamed, its tags and section changed",
      entry("menu_items", item, {
        ...item,
        section_id: 2,
        name: "Calamari",
        dietary_tags: ["vegetarian", "gluten-free"],
      }),
      "Calamari: section Starters → Wings; name “Crispy Calamari” → “Calamari”; dietary tags Vegetarian → Vegetarian, Gluten-free",
      [
        "Section Starters → Wings",
        "Name “Crispy Calamari” → “Calamari”",
        "Dietary tags Vegetarian → Vegetarian, Gluten-free",
      ],
    ],
    [
      "a dish moved up its section and hidden",
      entry("menu_items", item, { ...item, sort_order: 10, published: false }),
      "Crispy Calamari: shown on the site → hidden; moved up the list",
      ["Shown on the site → hidden", "Moved up the list"],
    ],
    [
      "a section's note",
      entry(
        "menu_sections",
        {
          id: 1,
          name: "Starters",
          slug: "starters",
          description: "",
          note: "",
          published: true,
          sort_order: 10,
        },
        {
          id: 1,
          name: "Starters",
          slug: "starters",
          description: "",
          note: "Shareable",
          published: true,
          sort_order: 10,
        },
      ),
      "Starters: note none → “Shareable”",
      ["Note none → “Shareable”"],
    ],
    [
      "a special's price and weekday",
      entry(
        "specials",
        {
          id: 2,
          title: "Wing Night",
          price_cents: null,
          weekday: null,
          starts_on: "2026-12-01",
          ends_on: null,
          starts_at: null,
          ends_at: null,
        },
        {
          id: 2,
          title: "Wing Night",
          price_cents: 500,
          weekday: 3,
          starts_on: "2026-12-01",
          ends_on: "2026-12-31",
          starts_at: "15:00:00",
          ends_at: null,
        },
      ),
      t(
        "Wing Night: price none → $5.00; every week on none → Wednesday; last day none → Thursday, December 31; from opening → 3 pm",
      ),
      [
        "Price none → $5.00",
        "Every week on none → Wednesday",
        "Last day none → Thursday, December 31",
        t("From opening → 3 pm"),
      ],
    ],
    [
      "an event moved, sold out, with a cover charge",
      entry("events", event, {
        ...event,
        starts_at: "2026-12-05T01:30:00+00:00",
        status: "sold-out",
        price_cents: 1000,
      }),
      t(
        "Trivia night: starts Thursday, December 3, 7 pm → Friday, December 4, 8:30 pm; status On as planned → Sold out; cover charge free → $10.00",
      ),
      [
        t("Starts Thursday, December 3, 7 pm → Friday, December 4, 8:30 pm"),
        "Status On as planned → Sold out",
        "Cover charge free → $10.00",
      ],
    ],
    [
      "a space's capacity and access",
      entry(
        "venue_spaces",
        {
          id: 1,
          name: "The Snug",
          seated_capacity: 40,
          standing_capacity: 60,
          step_free: false,
          features: ["Fireplace"],
        },
        {
          id: 1,
          name: "The Snug",
          seated_capacity: 50,
          standing_capacity: 60,
          step_free: true,
          features: ["Fireplace", "Projector"],
        },
      ),
      "The Snug: seated guests 40 → 50; features Fireplace → Fireplace, Projector; not step-free → step-free",
      [
        "Seated guests 40 → 50",
        "Features Fireplace → Fireplace, Projector",
        "Not step-free → step-free",
      ],
    ],
    [
      "a package's pricing",
      entry(
        "venue_packages",
        {
          id: 1,
          name: "Pub Party",
          price_cents: 3500,
          price_unit: "per-guest",
          minimum_guests: null,
        },
        { id: 1, name: "Pub Party", price_cents: 250000, price_unit: "flat", minimum_guests: 20 },
      ),
      "Pub Party: price $35.00 → $2,500; priced Per guest → Flat price for the party; minimum guests none → 20",
      [
        "Price $35.00 → $2,500",
        "Priced Per guest → Flat price for the party",
        "Minimum guests none → 20",
      ],
    ],
    [
      "the site's settings",
      entry(
        "site_settings",
        {
          id: true,
          tagline: "Pints and plates",
          phone: "+15195550100",
          accepts_reservations: true,
          reservation_url: null,
        },
        {
          id: true,
          tagline: "Pints, plates and patio",
          phone: "+15195550199",
          accepts_reservations: false,
          reservation_url: "https://book.example.com/",
        },
      ),
      "Site settings: tagline “Pints and plates” → “Pints, plates and patio”; phone 519-555-0100 → 519-555-0199; takes reservations → no reservations; reservations link none → “https://book.example.com/”",
      [
        "Tagline “Pints and plates” → “Pints, plates and patio”",
        "Phone 519-555-0100 → 519-555-0199",
        "Takes reservations → no reservations",
        "Reservations link none → “https://book.example.com/”",
      ],
    ],
    [
      "a new kind of column, named as it is",
      entry("mystery", { a_thing_id: 1 }, { a_thing_id: 2 }),
      "A row of mystery: a thing changed",
      ["A thing changed"],
    ],
  ])("%s", (_name, change, summary, lines) => {
    const described = describeChange(change, {
      sectionNames: new Map([
        [1, "Starters"],
        [2, "Wings"],
      ]),
    });
    expect(described.summary).toBe(summary);
    expect(described.details.map((detail) => detail.text)).toEqual(lines);
  });

  test("long text is said to have changed, with both versions to open", () => {
    const { details } = describeChange(entry("menu_items", item, { ...item, description: long }));
    expect(details).toEqual<ChangeDetail[]>([
      { kind: "text", text: "Description changed", before: item.description, after: long },
    ]);
    const emptied = describeChange(
      entry("menu_items", { ...item, description: long }, { ...item, description: "" }),
    );
    expect(emptied.details[0]).toMatchObject({ kind: "text", text: "Description removed" });
  });

  test("pictures come with the pictures and their words, before and after", () => {
    const withPicture = {
      ...item,
      image_path: "uploads/0123456789abcdef.jpg",
      image_alt: "Calamari rings",
    };
    expect(describeChange(entry("menu_items", item, withPicture)).details).toEqual<ChangeDetail[]>([
      {
        kind: "picture",
        text: "Picture added",
        before: [],
        after: [{ path: "uploads/0123456789abcdef.jpg", alt: "Calamari rings" }],
      },
    ]);
    expect(
      describeChange(
        entry("menu_items", withPicture, { ...withPicture, image_alt: "Golden rings" }),
      ).details,
    ).toEqual([
      {
        kind: "text",
        text: "Picture description changed",
        before: "Calamari rings",
        after: "Golden rings",
      },
    ]);
    const photos = [{ path: "rooms/snug.svg", alt: "The snug" }];
    const space = describeChange(
      entry(
        "venue_spaces",
        { id: 1, name: "The Snug", photos: [] },
        { id: 1, name: "The Snug", photos },
      ),
    );
    expect(space.details).toEqual([
      { kind: "picture", text: "Photos changed (0 → 1)", before: [], after: photos },
    ]);
  });

  test("added and removed rows are named by their own words", () => {
    expect(describeChange(entry("events", null, event)).summary).toBe(
      "Added the event “Trivia night”",
    );
    expect(describeChange(entry("menu_items", item, null)).summary).toBe(
      "Removed the menu item “Crispy Calamari”",
    );
  });

  test("an undo says what it undid", () => {
    const undo = { ...entry("menu_items", { ...item, price_cents: 1550 }, item), undoes: 9 };
    expect(describeChange(undo)).toMatchObject({
      what: "Undid the change to the menu item “Crispy Calamari”",
      summary: "Undid the change to the menu item “Crispy Calamari”: price $15.50 → $14.00",
    });
    expect(describeChange({ ...entry("events", event, null), undoes: 9 }).what).toBe(
      "Undid adding the event “Trivia night”",
    );
    expect(describeChange({ ...entry("events", null, event), undoes: 9 }).what).toBe(
      "Undid removing the event “Trivia night”",
    );
  });

  test("people, enquiries and uploads keep their sentences", () => {
    const member = { email: "a@example.com", role: "editor" };
    expect(describeChange(entry("staff", member, { ...member, role: "owner" })).summary).toBe(
      "Made a@example.com an owner",
    );
    expect(describeChange(entry("staff", null, member)).summary).toBe(
      "Added a@example.com to the staff as an editor",
    );
    expect(
      describeChange(
        entry(
          "enquiries",
          { id: 4, handled_at: null },
          { id: 4, handled_at: "2026-11-24T12:00:00Z" },
        ),
      ).summary,
    ).toBe("Marked enquiry #4 as handled");
    expect(
      describeChange(entry("pictures", null, { path: "uploads/0123456789abcdef.jpg" })).summary,
    ).toBe("Added an uploaded picture");
  });

  test("a save that changed only when it was saved changed nothing", () => {
    expect(changedSomething(entry("menu_items", item, { ...item, updated_at: "later" }))).toBe(
      false,
    );
    expect(changedSomething(entry("menu_items", item, { ...item, available: true }))).toBe(true);
    // Allergens saved in another order are the same allergens.
    const listed = { ...item, allergens: ["milk", "wheat"] };
    expect(
      changedSomething(entry("menu_items", listed, { ...listed, allergens: ["wheat", "milk"] })),
    ).toBe(false);
    expect(
      describeChange(
        entry("menu_items", listed, { ...listed, allergens: ["wheat", "milk"], available: true }),
      ).details.map((detail) => detail.text),
    ).not.toContainEqual(expect.stringMatching(/^Allergens/));
    expect(changedSomething(entry("menu_items", listed, { ...listed, allergens: ["milk"] }))).toBe(
      true,
    );
    expect(changedSomething(entry("menu_items", null, item))).toBe(true);
  });
});

describe("when a change was made, in the pub's time", () => {
  const now = new Date("2026-11-24T20:00:00Z"); // 3 pm in Toronto
  test.each([
    ["2026-11-24T20:05:00Z", t("Today at 3:05 pm")],
    ["2026-11-24T04:30:00Z", t("Yesterday at 11:30 pm")],
    ["2026-11-22T14:00:00Z", t("Sunday, November 22 at 9 am")],
    ["2025-12-31T17:00:00Z", "Wednesday, December 31, 2025 at noon"],
  ])("%s is “%s”", (at, words) => {
    expect(formatChangedAt(at, now)).toBe(words);
  });
});

describe("who may undo what from the list", () => {
  const facts = {
    tableName: "menu_items",
    operation: "UPDATE" as const,
    undone: false,
    changedSince: false,
  };
  test.each([
    ["an owner, content unchanged since", facts, true, { state: "offered" }],
    ["an editor", facts, false, { state: "none" }],
    ["a change to the staff list", { ...facts, tableName: "staff" }, true, { state: "none" }],
    ["an enquiry handled", { ...facts, tableName: "enquiries" }, true, { state: "none" }],
    [
      "the settings row added",
      { ...facts, tableName: "site_settings", operation: "INSERT" as const },
      true,
      { state: "none" },
    ],
    [
      "a row changed since",
      { ...facts, changedSince: true },
      true,
      { state: "refused", reason: "Changed again since — undo the later change first." },
    ],
    [
      "a change undone",
      { ...facts, undone: true, changedSince: true },
      true,
      { state: "refused", reason: "Undone already." },
    ],
  ])("%s", (_name, given, owner, offer) => {
    expect(undoOffer(given, { owner })).toEqual(offer);
  });
});

describe("the menu's traces, a special's event and an event's performer", () => {
  test("are said in words, the event by its title", () => {
    const section = { id: 3, name: "From the Fryer", note: "", may_contain: [], published: true };
    const traces = describeChange(
      entry("menu_sections", section, { ...section, may_contain: ["fish", "milk"] }),
    );
    expect(traces.details.map((detail) => detail.text)).toEqual([
      "May contain traces of none → Fish, Milk",
    ]);
    const special = { id: 5, title: "Trivia Night Pitchers", event_id: null, published: true };
    const tied = describeChange(entry("specials", special, { ...special, event_id: 12 }), {
      eventTitles: new Map([[12, "Trivia Night"]]),
    });
    expect(tied.details.map((detail) => detail.text)).toEqual([
      "Only while this event is on none → Trivia Night",
    ]);
    const event = { id: 12, title: "Trivia Night", performer: "", published: true };
    const named = describeChange(entry("events", event, { ...event, performer: "Quizmaster Jo" }));
    expect(named.details.map((detail) => detail.text)).toEqual([
      "Performer none → “Quizmaster Jo”",
    ]);
  });
});

describe("a change of many rows, named for its step", () => {
  const removed = (count: number) =>
    Array.from({ length: count }, (_, index) =>
      entry("questions", { id: index + 1, question: `Question ${index + 1}?` }, null),
    );

  test("is its name and count, with a line a row to open", () => {
    expect(describeNamedChange("Removed the sample questions", removed(2))).toEqual({
      what: "Removed the sample questions (2 entries)",
      summary: "Removed the sample questions (2 entries)",
      details: [
        {
          kind: "rows",
          text: "Each of the 2",
          rows: ["Removed the question “Question 1?”", "Removed the question “Question 2?”"],
        },
      ],
    });
    expect(describeNamedChange("Removed the sample questions", removed(1)).what).toBe(
      "Removed the sample questions (1 entry)",
    );
  });

  test(`lists the first ${NAMED_CHANGE_LINES} rows and counts the rest`, () => {
    const { details } = describeNamedChange("Saved the menu", removed(NAMED_CHANGE_LINES + 7));
    const [rows] = details;
    expect(rows?.kind === "rows" && rows.rows.length).toBe(NAMED_CHANGE_LINES + 1);
    expect(rows?.kind === "rows" && rows.rows.at(-1)).toBe("And 7 more.");
  });
});
