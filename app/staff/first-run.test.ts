import { describe, expect, test } from "vitest";
import {
  CHECKLIST_KEYS,
  firstRunChecklist,
  type PubAsSaved,
  type SavedSettings,
} from "./first-run";
import { SAMPLE_SETTINGS, SAMPLE_WEEK } from "./sample-content";

/** The pub as a fresh install has it. */
function samplePub(): PubAsSaved {
  return {
    settings: { ...SAMPLE_SETTINGS, socialLinks: [...SAMPLE_SETTINGS.socialLinks] },
    week: SAMPLE_WEEK,
    pictures: [
      { kind: "dish", id: 4, name: "Squire Nachos", paths: ["dishes/nachos.svg"] },
      { kind: "dish", id: 9, name: "Wings", paths: ["dishes/wings.svg"] },
      { kind: "event", id: 2, name: "Trivia Night", paths: ["events/trivia.svg"] },
      {
        kind: "space",
        id: 1,
        name: "The Snug",
        paths: ["uploads/0123456789abcdef.jpg", "drinks/wine.svg"],
      },
    ],
    sampleRows: { menu: 103, specials: 1, events: 9, venue: 6, questions: 4, pages: 5 },
  };
}

const withSettings = (changes: Partial<SavedSettings>): PubAsSaved => {
  const pub = samplePub();
  return { ...pub, settings: { ...pub.settings!, ...changes } };
};

const keys = (pub: PubAsSaved) => firstRunChecklist(pub).map((item) => item.key);

const ALL = [...CHECKLIST_KEYS];

describe("the first-run checklist", () => {
  test("a fresh install lists every kind of sample content, each with a link to change it", () => {
    expect(firstRunChecklist(samplePub())).toEqual([
      {
        key: "address",
        says: "The address is still the sample one.",
        action: "Change the address",
        href: "/staff/settings#settings-streetAddress",
      },
      {
        key: "phone",
        says: "The phone number is still the sample one.",
        action: "Change the phone number",
        href: "/staff/settings#settings-phone",
      },
      {
        key: "email",
        says: "The email address is still the sample one.",
        action: "Change the email address",
        href: "/staff/settings#settings-email",
      },
      {
        key: "socialLinks",
        says: "The social links are still the sample ones.",
        action: "Change the social links",
        href: "/staff/settings#settings-socialLinks",
      },
      {
        key: "homePicture",
        says: "The home page picture is still the sample one.",
        action: "Change the home page picture",
        href: "/staff/settings#settings-heroImage",
      },
      {
        key: "dishPictures",
        says: "2 menu items still show sample pictures.",
        action: "Change the picture of Squire Nachos",
        href: "/staff/menu/items/4#menu-item-imageFile",
      },
      {
        key: "eventPictures",
        says: "One event still shows a sample picture.",
        action: "Change the picture of Trivia Night",
        href: "/staff/events/2#event-form-image",
      },
      {
        key: "spacePictures",
        says: "One venue space still shows sample photos.",
        // The first photo is the pub's own: the link goes to the sample one.
        action: "Change the photos of The Snug",
        href: "/staff/venue/spaces/1#space-form-photo1",
      },
      {
        key: "hours",
        says: "The opening hours are still the sample ones.",
        action: "Change the opening hours",
        href: "/staff/hours#week-heading",
      },
      {
        key: "menuRows",
        says: "103 menu entries are still the sample's, invented for the example.",
        action: "Keep, change or clear them",
        href: "/staff/menu#clean-slate-heading",
      },
      {
        key: "specialsRows",
        says: "One special is still the sample's, invented for the example.",
        action: "Keep, change or clear them",
        href: "/staff/specials#clean-slate-heading",
      },
      {
        key: "eventsRows",
        says: "9 events are still the sample's, invented for the example.",
        action: "Keep, change or clear them",
        href: "/staff/events#clean-slate-heading",
      },
      {
        key: "venueRows",
        says: "6 venue spaces and packages are still the sample's, invented for the example.",
        action: "Keep, change or clear them",
        href: "/staff/venue#clean-slate-heading",
      },
      {
        key: "questionsRows",
        says: "4 questions on the About page are still the sample's, invented for the example.",
        action: "Keep, change or clear them",
        href: "/staff/questions#clean-slate-heading",
      },
      {
        key: "pagesRows",
        says: "5 pages of text are still the sample's, invented for the example.",
        action: "Keep or change them",
        href: "/staff/pages#pages-heading",
      },
    ]);
  });

  test("an area with no sample rows left has no line", () => {
    expect(keys({ ...samplePub(), sampleRows: { menu: 0, specials: 2 } })).toEqual(
      ALL.filter(
        (key) =>
          !["menuRows", "eventsRows", "venueRows", "questionsRows", "pagesRows"].includes(key),
      ),
    );
  });

  test.each<[string, Partial<SavedSettings>, string]>([
    [
      "the street address, postal code and map position",
      {
        streetAddress: "123 King Street",
        postalCode: "N6A 1B2",
        latitude: 42.98,
        longitude: -81.25,
      },
      "address",
    ],
    ["the phone number", { phone: "519-555-0199" }, "phone"],
    ["the email address", { email: "pub@example.org" }, "email"],
    [
      "the social links",
      { socialLinks: [{ network: "example.org", url: "https://example.org/pub" }] },
      "socialLinks",
    ],
    ["the social links, by removing them", { socialLinks: [] }, "socialLinks"],
    ["the home picture", { heroImagePath: "uploads/0123456789abcdef.webp" }, "homePicture"],
    ["the home picture, by removing it", { heroImagePath: null }, "homePicture"],
  ])("changing %s takes its line away and leaves the others", (_, changes, gone) => {
    expect(keys(withSettings(changes))).toEqual(ALL.filter((key) => key !== gone));
  });

  test("changing any day of the week takes the hours' line away", () => {
    const week = SAMPLE_WEEK.map((day) =>
      day.weekday === 1 ? { ...day, closesAt: "23:00" } : day,
    );
    expect(keys({ ...samplePub(), week })).not.toContain("hours");
    expect(keys({ ...samplePub(), week: SAMPLE_WEEK.slice(1) })).not.toContain("hours");
    expect(keys({ ...samplePub(), week: [...SAMPLE_WEEK].reverse() })).toContain("hours");
  });

  test("each row's sample picture replaced takes its kind's line away, one row at a time", () => {
    const pub = samplePub();
    const replaced = (ids: number[]): PubAsSaved => ({
      ...pub,
      pictures: pub.pictures.map((row) =>
        ids.includes(row.id)
          ? { ...row, paths: row.paths.map(() => "uploads/fedcba9876543210.jpg") }
          : row,
      ),
    });
    const dishLine = (p: PubAsSaved) =>
      firstRunChecklist(p).find((item) => item.key === "dishPictures");
    expect(dishLine(replaced([4]))).toEqual({
      key: "dishPictures",
      says: "One menu item still shows a sample picture.",
      action: "Change the picture of Wings",
      href: "/staff/menu/items/9#menu-item-imageFile",
    });
    expect(keys(replaced([4, 9]))).not.toContain("dishPictures");
    expect(keys(replaced([2]))).not.toContain("eventPictures");
    expect(keys(replaced([1]))).not.toContain("spacePictures");
    // A row deleted or hidden is not read at all.
    expect(keys({ ...pub, pictures: [] })).toEqual(ALL.filter((key) => !key.endsWith("Pictures")));
  });

  test("everything changed: no checklist at all", () => {
    const pub = withSettings({
      streetAddress: "123 King Street",
      postalCode: "N6A 1B2",
      latitude: 42.98,
      longitude: -81.25,
      phone: "519-555-0199",
      email: "pub@example.org",
      socialLinks: [],
      heroImagePath: null,
    });
    expect(firstRunChecklist({ ...pub, week: [], pictures: [], sampleRows: {} })).toEqual([]);
  });

  test("part of the address still sample is named, and the link goes to the first such field", () => {
    expect(
      firstRunChecklist(
        withSettings({ streetAddress: "123 King Street", postalCode: "N6A 1B2" }),
      )[0],
    ).toEqual({
      key: "address",
      says: "Part of the address is still the sample one: the map position (latitude and longitude).",
      action: "Change the address",
      href: "/staff/settings#settings-latitude",
    });
    expect(firstRunChecklist(withSettings({ streetAddress: "123 King Street" }))[0]?.says).toBe(
      "Part of the address is still the sample one: the postal code and map position (latitude and longitude).",
    );
  });

  test("a sample value written another way, or changed and then changed back, is still sample", () => {
    expect(
      keys(
        withSettings({
          phone: "+1 (519) 555 0134",
          email: " Hello@TheSquire.example ",
          streetAddress: "dundas street  at richmond street",
          postalCode: "n6a",
        }),
      ),
    ).toEqual(ALL);
    // What was saved before does not matter: the value saved now is the sample one.
    expect(keys(withSettings({ phone: SAMPLE_SETTINGS.phone }))).toContain("phone");
  });

  test("one sample social link kept beside the pub's own is still named", () => {
    const instagram = SAMPLE_SETTINGS.socialLinks[0]!;
    const line = firstRunChecklist(
      withSettings({
        socialLinks: [
          { network: "example.org", url: "https://example.org/pub" },
          { ...instagram, url: `${instagram.url}/` },
        ],
      }),
    ).find((item) => item.key === "socialLinks");
    expect(line?.says).toBe("Some of the social links are still sample ones.");
  });

  test("without a settings row only the hours, pictures and rows are read", () => {
    expect(keys({ ...samplePub(), settings: null })).toEqual([
      "dishPictures",
      "eventPictures",
      "spacePictures",
      "hours",
      "menuRows",
      "specialsRows",
      "eventsRows",
      "venueRows",
      "questionsRows",
      "pagesRows",
    ]);
  });
});
