import { data } from "react-router";
import type { Route } from "./+types/settings";
import { type Validator } from "~/platform/ui/checked-form";
import { TextAreaField, TextField } from "~/platform/ui/form-fields";
import {
  SETTINGS_LIMITS,
  heroPictureNames,
  settingsFields,
  settingsLabels,
  type SettingsField,
} from "~/settings/settings-editor";
import { settingsFormValues, updateSiteSettings } from "~/settings/settings-editor.server";
import { settingsSchema } from "~/settings/settings-rules";
import { PictureField } from "~/images/picture-field";
import { ALT_TEXT_REQUIRED } from "~/images/uploads";
import { readPictureFields } from "~/staff/editor/picture-uploads.server";
import {
  checkPost,
  readAsStaff,
  redirectSaved,
  refusePost,
  writeAsStaff,
} from "~/staff/editor/editor.server";
import { EditorForm, EditorHeading } from "~/staff/editor/editor-ui";
import { keepsFormOnOutage } from "~/staff/editor/outage.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { staffMeta } from "~/staff/staff-meta";
import type { RouteHandle } from "~/platform/route-needs";

const FORM_ID = "settings";

export async function loader({ context }: Route.LoaderArgs) {
  const values = await readAsStaff(context, settingsFormValues);
  if (!values) throw data("The site settings are missing.", { status: 503 });
  return { values };
}

/** The form comes back as typed when the database cannot take it. */
export const action = keepsFormOnOutage(
  { [FORM_ID]: { fields: settingsFields } },
  async ({ context }: Route.ActionArgs, form) => {
    const post = checkPost(form, settingsFields, settingsSchema);
    // The picture is kept first, so a post refused for another field loses no upload.
    const picture = await readPictureFields(context, form, heroPictureNames);
    const values = { ...post.values, heroImageKept: picture.path ?? post.values.heroImageKept };
    const errors = post.ok ? {} : { ...post.errors };
    if (picture.error) errors.heroImage = picture.error;
    if (picture.path && !values.heroImageAlt.trim()) errors.heroImageAlt = ALT_TEXT_REQUIRED;
    if (!post.ok || Object.keys(errors).length > 0) return refusePost(values, errors);
    const hero = { path: picture.path, alt: post.data.heroImageAlt };
    const saved = await writeAsStaff(context, (tx) => updateSiteSettings(tx, post.data, hero));
    if (!saved) throw data("The site settings are missing.", { status: 503 });
    return redirectSaved("/staff/settings");
  },
);

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Site details", matches);

export const headers = staffPageHeaders;

/** Its form carries the home page's hero picture (multipart, up to 10 MB with its fields). */
export const handle = { transport: { body: "upload" } } satisfies RouteHandle;

const loadValidator = (): Promise<Validator<SettingsField>> =>
  import("~/settings/settings-rules").then((rules) => rules.checkSettings);

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData?.values ?? loaderData.values;
  return (
    <>
      <EditorHeading
        title="Site details"
        intro="The pub's name, address and ways to reach it, as every page shows them."
      />
      <EditorForm
        id={FORM_ID}
        fields={settingsFields}
        labels={settingsLabels}
        actionData={actionData}
        initialValues={loaderData.values}
        loadValidator={loadValidator}
        encType="multipart/form-data"
        submitLabel="Save details"
        className="mt-8 max-w-2xl space-y-7"
      >
        {(field) => (
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
              <TextField
                {...field("tagline")}
                label="Tagline"
                optional
                limit={SETTINGS_LIMITS.tagline}
              />
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
                formId={FORM_ID}
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
                <TextField
                  {...field("postalCode")}
                  label="Postal code"
                  autoComplete="postal-code"
                />
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
        )}
      </EditorForm>
    </>
  );
}
