import type { WeeklyHours } from "~/hours/opening-hours";
import type { SocialLink } from "~/settings/site-settings";

/**
 * The invented details a fresh install starts with (supabase/seed.sql, and
 * the home picture's column default), as the staff home's first-run
 * checklist recognises them. sample-content.test.ts seeds a database and
 * holds this module to what it finds there, so the two cannot drift apart.
 */
export const SAMPLE_SETTINGS = {
  streetAddress: "123 Dundas Street",
  postalCode: "N6A 0A1",
  latitude: 42.98371,
  longitude: -81.24893,
  phone: "519-555-0134",
  email: "hello@thesquire.example",
  socialLinks: [
    { network: "instagram.example.com", url: "https://instagram.example.com/thesquire" },
    { network: "facebook.example.com", url: "https://facebook.example.com/thesquire" },
  ] satisfies SocialLink[],
  heroImagePath: "hero/taproom.svg",
} as const;

/** The sample week (0 = Sunday). */
export const SAMPLE_WEEK: readonly WeeklyHours[] = [
  { weekday: 0, opensAt: "11:00", closesAt: "23:00", kitchenClosesAt: "21:00" },
  { weekday: 1, opensAt: "11:30", closesAt: "00:00", kitchenClosesAt: "22:00" },
  { weekday: 2, opensAt: "11:30", closesAt: "00:00", kitchenClosesAt: "22:00" },
  { weekday: 3, opensAt: "11:30", closesAt: "00:00", kitchenClosesAt: "22:00" },
  { weekday: 4, opensAt: "11:30", closesAt: "01:00", kitchenClosesAt: "22:00" },
  { weekday: 5, opensAt: "11:00", closesAt: "02:00", kitchenClosesAt: "23:00" },
  { weekday: 6, opensAt: "11:00", closesAt: "02:00", kitchenClosesAt: "23:00" },
];

/**
 * The drawings the sample dishes, drinks, events and spaces show (under
 * public/images). Every picture staff choose is an upload (`uploads/…`), so
 * a row showing one of these still shows sample artwork.
 */
export const SAMPLE_PICTURES: readonly string[] = [
  "dishes/butter-tart.svg",
  "dishes/caesar-salad.svg",
  "dishes/club-sandwich.svg",
  "dishes/fish-and-chips.svg",
  "dishes/nachos.svg",
  "dishes/perogies.svg",
  "dishes/poutine.svg",
  "dishes/smash-burger.svg",
  "dishes/steak-frites.svg",
  "dishes/sticky-toffee-pudding.svg",
  "dishes/veggie-burger.svg",
  "dishes/wings.svg",
  "drinks/cocktail.svg",
  "drinks/pint.svg",
  "drinks/stout.svg",
  "drinks/wine.svg",
  "events/comedy.svg",
  "events/hockey-night.svg",
  "events/live-music.svg",
  "events/open-mic.svg",
  "events/trivia.svg",
  "events/wing-night.svg",
  "rooms/patio.svg",
  "rooms/the-snug.svg",
  "rooms/upstairs-hall.svg",
];
