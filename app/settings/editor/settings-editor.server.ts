import type { Database } from "~/platform/database/database.server";
import type { FormValues } from "~/platform/forms/form-check";
import { heroPictureNames, settingsEditor, type SettingsField } from "./settings-editor";
import { defineEditorStore } from "~/platform/forms/editor-spec";
import type { SettingsUpdate } from "./settings-rules";
import { getSiteSettings } from "~/settings/site-settings.server";
import { editorRowCheck, type TableRowRules } from "~/platform/forms/row-rules.server";

/** The saved settings as the form shows them: every field as text. */
export async function settingsFormValues(db: Database): Promise<FormValues<SettingsField> | null> {
  const settings = await getSiteSettings(db);
  if (!settings) return null;
  return {
    name: settings.name,
    // The reader fills an empty short name in with the name; the form shows it as saved.
    shortName: settings.shortName === settings.name ? "" : settings.shortName,
    tagline: settings.tagline,
    description: settings.description,
    streetAddress: settings.streetAddress,
    locality: settings.locality,
    region: settings.region,
    postalCode: settings.postalCode,
    latitude: String(settings.latitude),
    longitude: String(settings.longitude),
    phone: settings.phone,
    email: settings.email,
    reservationUrl: settings.reservationUrl ?? "",
    orderingUrl: settings.orderingUrl ?? "",
    socialLinks: settings.socialLinks.map((link) => link.url).join("\n"),
    transitNote: settings.transitNote,
    parkingNote: settings.parkingNote,
    accessibilityNote: settings.accessibilityNote,
    heroImage: "",
    heroImageKept: settings.heroImage?.path ?? "",
    heroImageRemove: "",
    heroImageAlt: settings.heroImage?.alt ?? "",
  };
}

/**
 * The home page picture as saved: a path (a new or kept one), null (removed)
 * or undefined (left as it was), and its description.
 */
export type HeroPictureUpdate = { path: string | null | undefined; alt: string };

/** Saves the settings (one row); false when there is no row to save to. */
export async function updateSiteSettings(
  tx: Database,
  update: SettingsUpdate,
  hero: HeroPictureUpdate,
): Promise<boolean> {
  const rows = await tx.query<{ id: boolean }>(
    `update public.site_settings set
       name = $1, short_name = $21, tagline = $2, description = $3,
       street_address = $4, locality = $5, region = $6, postal_code = $7,
       latitude = $8, longitude = $9, phone = $10, email = $11,
       reservation_url = $12, ordering_url = $13, social_links = $14::jsonb,
       transit_note = $15, parking_note = $16, accessibility_note = $17,
       hero_image_path = case when $18::boolean then $19 else hero_image_path end,
       hero_image_alt = $20,
       updated_at = now()
     where id
     returning id`,
    [
      update.name,
      update.tagline,
      update.description,
      update.streetAddress,
      update.locality,
      update.region,
      update.postalCode,
      update.latitude,
      update.longitude,
      update.phone,
      update.email,
      update.reservationUrl,
      update.orderingUrl,
      JSON.stringify(update.socialLinks),
      update.transitNote,
      update.parkingNote,
      update.accessibilityNote,
      hero.path !== undefined,
      hero.path ?? null,
      hero.alt,
      update.shortName,
    ],
  );
  return rows.length === 1;
}

/** The settings editor's queries: the one row of the site's details. */
export const settingsStore = defineEditorStore(settingsEditor, {
  rulesContext: () => undefined,
  async find(tx, id) {
    const values = await settingsFormValues(tx);
    return values && { id, values };
  },
  pictures: [heroPictureNames],
  save: async (tx, id, update, [hero]) =>
    (await updateSiteSettings(tx, update, { path: hero!.path, alt: update.heroImageAlt }))
      ? Number(id)
      : null,
  savedTo: () => "/staff/settings",
});

/** What undoing a change to the settings must keep: the settings form's rules. */
export const settingsRowRules: TableRowRules = {
  site_settings: { check: editorRowCheck(settingsEditor, settingsStore) },
};
