import { listWords } from "~/platform/list-words";
import type { WeeklyHours } from "~/hours/opening-hours";
import { fieldId } from "~/platform/forms/form-fields";
import type { SiteSettings } from "~/settings/site-settings";
import { SAMPLE_PICTURES, SAMPLE_SETTINGS, SAMPLE_WEEK } from "./sample-content";

/**
 * The staff home's first-run checklist: each kind of sample content a fresh
 * install starts with that visitors still see, said in plain words, with a
 * link to the field where it is changed.
 *
 * "Still sample" is decided by comparing what is saved now with the sample
 * values (sample-content.ts), not by a flag the seed sets and the first save
 * clears. A flag would call a value done once anything saved its form (the
 * settings form saves every field at once) and would stay done if staff
 * changed a value and then changed it back; comparing says what visitors see:
 * a value equal to the sample is sample content, whatever happened before.
 * Nothing but staff typing a sample value back in brings a line back, so once
 * every line is done the checklist is gone.
 *
 * The rows the sample fills (dishes and sections, specials, events, spaces
 * and packages, questions, the pages' words) are another matter: each is one of many, saved by
 * its own form, so there the seed's `sample` flag says it, cleared when staff
 * save the row from its form (changed, or kept as it is). Each area's line
 * counts its rows still marked, and goes once none is left.
 */

/** What the checklist reads: the settings, the week and the rows that show pictures. */
export type PubAsSaved = {
  /** Null while the settings row is missing (the staff home says nothing of it then). */
  settings: SavedSettings | null;
  week: readonly WeeklyHours[];
  /** Published rows with pictures, in the order their editors list them. */
  pictures: readonly PictureRow[];
  /** How many rows of each area are still marked sample (none: an area left out). */
  sampleRows?: Partial<Record<SampleCount, number>>;
};

/** The areas whose rows the sample content fills, as the staff area has them. */
export const SAMPLE_AREAS = ["menu", "specials", "events", "venue", "questions"] as const;
export type SampleArea = (typeof SAMPLE_AREAS)[number];

/**
 * What the checklist counts of the sample: the areas' rows, and the pages'
 * words, which are kept or changed but never removed (one row per page).
 */
export const SAMPLE_COUNTS = [...SAMPLE_AREAS, "pages"] as const;
export type SampleCount = (typeof SAMPLE_COUNTS)[number];

export type SavedSettings = Pick<
  SiteSettings,
  "streetAddress" | "postalCode" | "latitude" | "longitude" | "phone" | "email" | "socialLinks"
> & { heroImagePath: string | null };

export type PictureRow = {
  kind: "dish" | "event" | "space";
  id: number;
  name: string;
  /** Its picture, or (a space) its photos in order. */
  paths: readonly string[];
};

/** Every line the checklist can hold, in the order staff meet them. */
export const CHECKLIST_KEYS = [
  "address",
  "phone",
  "email",
  "socialLinks",
  "homePicture",
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
] as const;

export type ChecklistKey = (typeof CHECKLIST_KEYS)[number];

/** One line: what is still sample, and a link to where it is changed. */
export type ChecklistItem = { key: ChecklistKey; says: string; action: string; href: string };

/** The settings editor's field (its form's id is "settings"). */
const settingsField = (name: string) => `/staff/settings#${fieldId("settings", name)}`;

const sameText = (a: string, b: string) =>
  a.replace(/\s+/g, " ").trim().toLowerCase() === b.replace(/\s+/g, " ").trim().toLowerCase();

/** 519-555-0134, (519) 555 0134 and +1 519 555 0134 are one number. */
const phoneDigits = (phone: string) => phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");

/** Coordinates are kept to six decimals. */
const sameCoordinate = (a: number, b: number) => Math.abs(a - b) < 5e-7;

function sameUrl(a: string, b: string): boolean {
  try {
    const strip = (url: string) => new URL(url.trim()).href.replace(/\/$/, "");
    return strip(a) === strip(b);
  } catch {
    return false;
  }
}

function addressItem(settings: SavedSettings): ChecklistItem | null {
  const sample: { part: string; field: string }[] = [];
  if (sameText(settings.streetAddress, SAMPLE_SETTINGS.streetAddress)) {
    sample.push({ part: "street address", field: "streetAddress" });
  }
  if (
    sameText(settings.postalCode.replace(/\s/g, ""), SAMPLE_SETTINGS.postalCode.replace(/\s/g, ""))
  ) {
    sample.push({ part: "postal code", field: "postalCode" });
  }
  if (
    sameCoordinate(settings.latitude, SAMPLE_SETTINGS.latitude) &&
    sameCoordinate(settings.longitude, SAMPLE_SETTINGS.longitude)
  ) {
    sample.push({ part: "map position (latitude and longitude)", field: "latitude" });
  }
  const [first] = sample;
  if (!first) return null;
  return {
    key: "address",
    says:
      sample.length === 3
        ? "The address is still the sample one."
        : `Part of the address is still the sample one: the ${listWords(sample.map((s) => s.part))}.`,
    action: "Change the address",
    href: settingsField(first.field),
  };
}

function settingsItems(settings: SavedSettings): ChecklistItem[] {
  const items: (ChecklistItem | null)[] = [addressItem(settings)];
  if (phoneDigits(settings.phone) === phoneDigits(SAMPLE_SETTINGS.phone)) {
    items.push({
      key: "phone",
      says: "The phone number is still the sample one.",
      action: "Change the phone number",
      href: settingsField("phone"),
    });
  }
  if (sameText(settings.email, SAMPLE_SETTINGS.email)) {
    items.push({
      key: "email",
      says: "The email address is still the sample one.",
      action: "Change the email address",
      href: settingsField("email"),
    });
  }
  const sampleLinks = settings.socialLinks.filter((link) =>
    SAMPLE_SETTINGS.socialLinks.some((sample) => sameUrl(link.url, sample.url)),
  );
  if (sampleLinks.length > 0) {
    items.push({
      key: "socialLinks",
      says:
        sampleLinks.length === settings.socialLinks.length
          ? "The social links are still the sample ones."
          : "Some of the social links are still sample ones.",
      action: "Change the social links",
      href: settingsField("socialLinks"),
    });
  }
  const hero = settings.heroImagePath;
  if (hero && (hero === SAMPLE_SETTINGS.heroImagePath || SAMPLE_PICTURES.includes(hero))) {
    items.push({
      key: "homePicture",
      says: "The home page picture is still the sample one.",
      action: "Change the home page picture",
      href: settingsField("heroImage"),
    });
  }
  return items.filter((item) => item !== null);
}

/** Where each kind of row's pictures are changed, and how the line names them. */
const PICTURE_LINES = {
  dish: {
    key: "dishPictures",
    one: "menu item still shows a sample picture",
    many: "menu items still show sample pictures",
    action: (name: string) => `Change the picture of ${name}`,
    href: (id: number) => `/staff/menu/items/${id}#${fieldId("menu-item", "imageFile")}`,
  },
  event: {
    key: "eventPictures",
    one: "event still shows a sample picture",
    many: "events still show sample pictures",
    action: (name: string) => `Change the picture of ${name}`,
    href: (id: number) => `/staff/events/${id}#${fieldId("event-form", "image")}`,
  },
  space: {
    key: "spacePictures",
    one: "venue space still shows sample photos",
    many: "venue spaces still show sample photos",
    action: (name: string) => `Change the photos of ${name}`,
    href: (id: number, slot: number) =>
      `/staff/venue/spaces/${id}#${fieldId("space-form", `photo${slot}`)}`,
  },
} as const;

function pictureItems(rows: readonly PictureRow[]): ChecklistItem[] {
  return (["dish", "event", "space"] as const).flatMap((kind) => {
    const sample = rows.filter(
      (row) => row.kind === kind && row.paths.some((path) => SAMPLE_PICTURES.includes(path)),
    );
    const [first] = sample;
    if (!first) return [];
    const line = PICTURE_LINES[kind];
    const slot = first.paths.findIndex((path) => SAMPLE_PICTURES.includes(path));
    return [
      {
        key: line.key,
        says: `${sample.length === 1 ? "One" : sample.length} ${sample.length === 1 ? line.one : line.many}.`,
        action: line.action(first.name),
        href: line.href(first.id, slot),
      },
    ];
  });
}

/** Each area's line: how many of its rows are the sample's still, and where they are kept or cleared. */
const SAMPLE_ROW_LINES: Record<
  SampleCount,
  { key: ChecklistKey; one: string; many: string; href: string; action?: string }
> = {
  menu: {
    key: "menuRows",
    one: "menu entry",
    many: "menu entries",
    href: "/staff/menu#clean-slate-heading",
  },
  specials: {
    key: "specialsRows",
    one: "special",
    many: "specials",
    href: "/staff/specials#clean-slate-heading",
  },
  events: {
    key: "eventsRows",
    one: "event",
    many: "events",
    href: "/staff/events#clean-slate-heading",
  },
  venue: {
    key: "venueRows",
    one: "venue space or package",
    many: "venue spaces and packages",
    href: "/staff/venue#clean-slate-heading",
  },
  questions: {
    key: "questionsRows",
    one: "question on the About page",
    many: "questions on the About page",
    href: "/staff/questions#clean-slate-heading",
  },
  pages: {
    key: "pagesRows",
    one: "page of text",
    many: "pages of text",
    href: "/staff/pages#pages-heading",
    action: "Keep or change them",
  },
};

function sampleRowItems(counts: Partial<Record<SampleCount, number>>): ChecklistItem[] {
  return SAMPLE_COUNTS.flatMap((area) => {
    const count = counts[area] ?? 0;
    if (count === 0) return [];
    const line = SAMPLE_ROW_LINES[area];
    return [
      {
        key: line.key,
        says: `${count === 1 ? `One ${line.one} is` : `${count} ${line.many} are`} still the sample's, invented for the example.`,
        action: line.action ?? "Keep, change or clear them",
        href: line.href,
      },
    ];
  });
}

/** The week as saved is the sample week: every day open at the sample times, and no other. */
function isSampleWeek(week: readonly WeeklyHours[]): boolean {
  const key = (day: WeeklyHours) =>
    `${day.weekday} ${day.opensAt} ${day.closesAt} ${day.kitchenClosesAt ?? "-"}`;
  const saved = week.map(key).sort();
  const sample = SAMPLE_WEEK.map(key).sort();
  return saved.length === sample.length && saved.every((day, index) => day === sample[index]);
}

/** The lines still to do, in the order staff meet them: details, pictures, hours, the sample rows. Empty: done. */
export function firstRunChecklist(pub: PubAsSaved): ChecklistItem[] {
  const items = pub.settings ? settingsItems(pub.settings) : [];
  items.push(...pictureItems(pub.pictures));
  if (isSampleWeek(pub.week)) {
    items.push({
      key: "hours",
      says: "The opening hours are still the sample ones.",
      action: "Change the opening hours",
      href: "/staff/hours#week-heading",
    });
  }
  items.push(...sampleRowItems(pub.sampleRows ?? {}));
  return items;
}
