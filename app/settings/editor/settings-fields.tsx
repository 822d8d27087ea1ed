import type { BoundField } from "~/platform/forms/checked-form";
import type { FormValues } from "~/platform/forms/form-check";
import { TextAreaField, TextField } from "~/platform/forms/form-fields";
import { PictureField } from "~/images/picture-field";
import {
  SETTINGS_LIMITS,
  heroPictureNames,
  settingsForm,
  type SettingsField,
} from "./settings-editor";

/** The site's details: the pub, its home page picture, its address, and ways to reach it. */
export function SettingsFields({
  field,
  values: shown,
}: {
  field: (name: SettingsField) => BoundField;
  /** The values shown now (the picture kept by a refused post among them). */
  values: Partial<FormValues<SettingsField>>;
}) {
  return (
    <>
      <fieldset className="space-y-6">
        <legend className="text-2xl tracking-tight">The pub</legend>
        <TextField
          {...field("name")}
          label="Name"
          hint="In every page's title, the header and the footer."
          limit={SETTINGS_LIMITS.name}
          autoComplete="organization"
        />
        <TextField
          {...field("shortName")}
          label="Short name"
          hint="A shorter form of the name for the header and phones' home screens. Leave empty to use the name."
          optional
          limit={SETTINGS_LIMITS.shortName}
        />
        <TextField {...field("tagline")} label="Tagline" optional limit={SETTINGS_LIMITS.tagline} />
        <TextAreaField
          {...field("description")}
          label="Description"
          hint="One sentence for search results and link previews."
          optional
          rows={3}
          limit={SETTINGS_LIMITS.description}
          counts="line"
        />
      </fieldset>
      <div className="border-t border-border pt-6">
        <PictureField
          altLimit={SETTINGS_LIMITS.alt}
          formId={settingsForm.id}
          names={heroPictureNames}
          label="Home page picture"
          path={shown.heroImageKept || null}
          alt={shown.heroImageAlt ?? ""}
          errors={{
            file: field("heroImage").error,
            alt: field("heroImageAlt").error,
          }}
          altHint="What the picture shows, for people who cannot see it. For example: The taproom at dusk, a long wooden bar under warm lamps."
        />
      </div>
      <fieldset className="space-y-6 border-t border-border pt-6">
        <legend className="text-2xl tracking-tight">Address</legend>
        <TextField
          {...field("streetAddress")}
          label="Street address"
          autoComplete="street-address"
          limit={SETTINGS_LIMITS.line}
        />
        <div className="grid gap-6 sm:grid-cols-3">
          <TextField
            {...field("locality")}
            label="City"
            autoComplete="address-level2"
            limit={SETTINGS_LIMITS.line}
          />
          <TextField {...field("region")} label="Province" autoComplete="address-level1" />
          <TextField {...field("postalCode")} label="Postal code" autoComplete="postal-code" />
        </div>
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField
            {...field("latitude")}
            label="Latitude"
            hint="Where directions lead, such as 42.9836."
            inputMode="decimal"
          />
          <TextField
            {...field("longitude")}
            label="Longitude"
            hint="Such as -81.2497."
            inputMode="text"
          />
        </div>
      </fieldset>
      <fieldset className="space-y-6 border-t border-border pt-6">
        <legend className="text-2xl tracking-tight">Getting in touch</legend>
        <TextField
          {...field("phone")}
          label="Phone"
          type="tel"
          autoComplete="tel"
          hint="Such as 519-555-0134."
        />
        <TextField
          {...field("email")}
          label="Email"
          type="email"
          inputMode="email"
          spellCheck={false}
        />
        <TextField
          {...field("reservationUrl")}
          label="Reservations link"
          optional
          type="url"
          hint="A booking service's page, if the pub uses one."
          spellCheck={false}
          limit={SETTINGS_LIMITS.url}
        />
        <TextField
          {...field("orderingUrl")}
          label="Ordering link"
          optional
          type="url"
          hint="Where people order take-out online, if anywhere."
          spellCheck={false}
          limit={SETTINGS_LIMITS.url}
        />
        <TextAreaField
          {...field("socialLinks")}
          label="Social links"
          optional
          hint="One address per line, such as https://www.instagram.com/yourpub."
          rows={4}
          spellCheck={false}
        />
      </fieldset>
      <fieldset className="space-y-6 border-t border-border pt-6">
        <legend className="text-2xl tracking-tight">Notes for visitors</legend>
        <TextAreaField
          {...field("transitNote")}
          label="Getting here by transit"
          optional
          rows={3}
          limit={SETTINGS_LIMITS.note}
        />
        <TextAreaField
          {...field("parkingNote")}
          label="Parking"
          optional
          rows={3}
          limit={SETTINGS_LIMITS.note}
        />
        <TextAreaField
          {...field("accessibilityNote")}
          label="Accessibility"
          optional
          hint="Steps, washrooms, rooms with or without stairs."
          rows={4}
          limit={SETTINGS_LIMITS.note}
        />
      </fieldset>
    </>
  );
}
