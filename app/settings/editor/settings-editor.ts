import { defineEditor } from "~/platform/forms/editor-spec";
import { PICTURE_DESCRIPTION_MAX } from "~/images/uploads";
import { area, group, picture, row, text } from "~/platform/forms/field-specs";
import type { FormValues } from "~/platform/forms/form-check";
import { defineForm } from "~/platform/forms/form-spec";
/**
 * The site settings editor: its fields, their names for the error summary,
 * and their limits. The rules that use them are in settings-rules.ts, which
 * the browser loads only when a form is used.
 */

export const settingsFields = [
  "name",
  "shortName",
  "tagline",
  "description",
  "streetAddress",
  "locality",
  "region",
  "postalCode",
  "latitude",
  "longitude",
  "phone",
  "email",
  "reservationUrl",
  "orderingUrl",
  "socialLinks",
  "transitNote",
  "parkingNote",
  "accessibilityNote",
  "heroImage",
  "heroImageKept",
  "heroImageRemove",
  "heroImageAlt",
] as const;

/** The home page picture's fields, as PictureField names them. */
export const heroPictureNames = {
  file: "heroImage",
  kept: "heroImageKept",
  remove: "heroImageRemove",
  alt: "heroImageAlt",
} as const;

export type SettingsField = (typeof settingsFields)[number];

export const SETTINGS_LIMITS = {
  name: 100,
  shortName: 40,
  tagline: 100,
  description: 300,
  line: 200,
  note: 1000,
  url: 500,
  socialLinks: 10,
  alt: PICTURE_DESCRIPTION_MAX,
} as const;

/** Names the networks people know by their address; anything else is named by its host. */
const NETWORKS: Record<string, string> = {
  "instagram.com": "instagram",
  "facebook.com": "facebook",
  "x.com": "x",
  "twitter.com": "x",
  "tiktok.com": "tiktok",
  "youtube.com": "youtube",
  "untappd.com": "untappd",
  "threads.net": "threads",
  "bsky.app": "bluesky",
  "linkedin.com": "linkedin",
};

/** The network a profile address belongs to: "instagram", or the host for others. */
export function networkOf(url: URL): string {
  const host = url.hostname.replace(/^(www|m)\./, "");
  return NETWORKS[host] ?? host;
}

/** The settings as their editor holds them: the one row, as the form's values. */
export type SettingsRow = { id: number; values: FormValues<SettingsField> };

export const settingsForm = defineForm({
  id: "settings",
  fields: settingsFields,
  files: ["heroImage"],
  verb: "save",
  rules: () => import("./settings-rules").then((rules) => rules.settingsSchema),
});

/** The site's details, at /staff/settings. */
export const settingsEditor = defineEditor({
  form: settingsForm,
  title: (_: SettingsRow | null) => "Site details",
  intro: "The pub's name, address and ways to reach it, as every page shows them.",
  submit: { add: "Save details", save: "Save details" },
  path: () => "/staff/settings",
  values: (row) => row.values,
  pictures: true,
  fields: () => [
    group(
      "The pub",
      text("name", {
        label: "Name",
        hint: "In every page's title, the header and the footer.",
        limit: SETTINGS_LIMITS.name,
        autoComplete: "organization",
      }),
      text("shortName", {
        label: "Short name",
        hint: "A shorter form of the name for the header and phones' home screens. Leave empty to use the name.",
        optional: true,
        limit: SETTINGS_LIMITS.shortName,
      }),
      text("tagline", { label: "Tagline", optional: true, limit: SETTINGS_LIMITS.tagline }),
      area("description", {
        label: "Description",
        hint: "One sentence for search results and link previews.",
        optional: true,
        rows: 3,
        limit: SETTINGS_LIMITS.description,
        counts: "line",
      }),
    ),
    group(
      undefined,
      picture(heroPictureNames, {
        label: "Home page picture",
        altLimit: SETTINGS_LIMITS.alt,
      }),
    ),
    group(
      "Address",
      text("streetAddress", {
        label: "Street address",
        autoComplete: "street-address",
        limit: SETTINGS_LIMITS.line,
      }),
      row(
        text("locality", {
          label: "City",
          autoComplete: "address-level2",
          limit: SETTINGS_LIMITS.line,
        }),
        text("region", { label: "Province", autoComplete: "address-level1" }),
        text("postalCode", { label: "Postal code", autoComplete: "postal-code" }),
      ),
      row(
        text("latitude", {
          label: "Latitude",
          hint: "Where directions lead, such as 42.98371: 5 decimals or more, as a map app shows the spot, put the pin on the door.",
          inputMode: "decimal",
        }),
        text("longitude", { label: "Longitude", hint: "Such as -81.24893.", inputMode: "text" }),
      ),
    ),
    group(
      "Getting in touch",
      text("phone", {
        label: "Phone",
        type: "tel",
        autoComplete: "tel",
        hint: "Such as 519-555-0134.",
      }),
      text("email", { label: "Email", type: "email", inputMode: "email", spellCheck: false }),
      text("reservationUrl", {
        label: "Reservations link",
        optional: true,
        type: "url",
        hint: "A booking service's page, if the pub uses one.",
        spellCheck: false,
        limit: SETTINGS_LIMITS.url,
      }),
      text("orderingUrl", {
        label: "Ordering link",
        optional: true,
        type: "url",
        hint: "Where people order take-out online, if anywhere.",
        spellCheck: false,
        limit: SETTINGS_LIMITS.url,
      }),
      area("socialLinks", {
        label: "Social links",
        optional: true,
        hint: "One address per line, such as https://www.instagram.com/yourpub.",
        rows: 4,
        spellCheck: false,
      }),
    ),
    group(
      "Notes for visitors",
      area("transitNote", {
        label: "Getting here by transit",
        optional: true,
        rows: 3,
        limit: SETTINGS_LIMITS.note,
      }),
      area("parkingNote", {
        label: "Parking",
        optional: true,
        rows: 3,
        limit: SETTINGS_LIMITS.note,
      }),
      area("accessibilityNote", {
        label: "Accessibility",
        optional: true,
        hint: "Steps, washrooms, rooms with or without stairs.",
        rows: 4,
        limit: SETTINGS_LIMITS.note,
      }),
    ),
  ],
});
