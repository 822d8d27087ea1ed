import type { Route } from "./+types/venue-space";
import { checkbox } from "~/platform/ui/checked-form";
import { CheckboxField, TextAreaField, TextField } from "~/platform/ui/form-fields";
import { redirectWithToast } from "~/platform/toast.server";
import {
  BackLink,
  DeleteSection,
  EditorForm,
  editorAnswer,
  schemaValidator,
} from "~/staff/editor/editor-ui";
import {
  editorAction,
  databaseErrorCode,
  editorRow,
  editorRowId,
} from "~/staff/editor/editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { staffMeta } from "~/staff/staff-meta";
import {
  DESCRIPTION_MAX,
  NAME_MAX,
  NOTE_MAX,
  PHOTO_ALT_MAX,
  PHOTO_SLOTS,
  SLUG_MAX,
  photoNames,
  SUMMARY_MAX,
  spaceFieldLabels,
  spaceFields,
  spaceFormValues,
  type SpaceField,
} from "~/venue/venue-editor";
import {
  deleteVenueRow,
  insertSpace,
  spaceForStaff,
  updateSpace,
} from "~/venue/venue-editor.server";
import { spaceSchema } from "~/venue/venue-rules";
import { PictureField } from "~/images/picture-field";
import type { FormValues } from "~/platform/form-check";
import type { RouteHandle } from "~/platform/route-needs";

const FORM_ID = "space-form";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = editorRowId(params.id);
  const space = await editorRow(context, id, spaceForStaff);
  const values: Partial<FormValues<SpaceField>> = space ? spaceFormValues(space) : {};
  return { space, values };
}

export const action = editorAction({
  formId: FORM_ID,
  fields: spaceFields,
  schema: () => spaceSchema,
  pictures: PHOTO_SLOTS.map(photoNames),
  find: spaceForStaff,
  remove: (tx, id) => deleteVenueRow(tx, "venue_spaces", id),
  deleted: () => redirectWithToast("/staff/venue", { type: "success", title: "Space deleted." }),
  async save(tx, id, space, pictures) {
    const photos = pictures.flatMap(({ path }, slot) =>
      typeof path === "string" ? [{ path, alt: space.photoAlts[slot]! }] : [],
    );
    if (id === "new") return insertSpace(tx, space, photos);
    return (await updateSpace(tx, id, space, photos)) ? id : null;
  },
  refused: (error, space) =>
    databaseErrorCode(error) === "23505"
      ? {
          slug: `Another space already uses the web address “${space.slug}”. Enter a different one.`,
        }
      : null,
  savedTo: (id) => `/staff/venue/spaces/${id}`,
});

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  staffMeta(
    loaderData?.space ? `Edit ${loaderData.space.name.slice(0, 60)}` : "Add a space",
    matches,
  );

export const headers: Route.HeadersFunction = staffPageHeaders;

/** Its form carries a picture (multipart, up to 10 MB with its fields). */
export const handle = { transport: { body: "upload" } } satisfies RouteHandle;

const loadValidator = schemaValidator<SpaceField>(() =>
  import("~/venue/venue-rules").then((rules) => rules.spaceSchema),
);

export default function StaffSpacePage({ loaderData, actionData }: Route.ComponentProps) {
  const { space, values } = loaderData;
  const { form: checked, confirmingDelete: confirming } = editorAnswer<SpaceField>(actionData);
  const shown = checked?.values ?? values;
  // The saved (or just uploaded) photos, and one empty slot to add another.
  const kept = PHOTO_SLOTS.filter((slot) => (shown[photoNames(slot).kept] ?? "") !== "");
  const empty = PHOTO_SLOTS.find((slot) => !kept.includes(slot));
  const photoSlots = empty === undefined ? kept : [...kept, empty];

  return (
    <>
      <BackLink to="/staff/venue">Venue</BackLink>
      <h1 id="space-title" className="mt-4 text-4xl tracking-tight break-words">
        {space ? space.name : "Add a space"}
      </h1>

      <EditorForm
        // After a save the form starts again from what was saved (a slug made
        // from the name shows; a chosen file is not sent twice).
        key={`${space?.id ?? "new"}:${JSON.stringify(values)}`}
        id={FORM_ID}
        titleId="space-title"
        fields={spaceFields}
        labels={spaceFieldLabels}
        actionData={checked}
        initialValues={values}
        loadValidator={loadValidator}
        submitLabel={space ? "Save changes" : "Add space"}
        className="relative mt-8 max-w-2xl space-y-7"
        encType="multipart/form-data"
      >
        {(field) => (
          <>
            <TextField {...field("name")} label="Name" limit={NAME_MAX} />
            <TextField
              {...field("slug")}
              label="Web address name"
              optional
              hint="Made from the name when left empty, such as the-snug."
              limit={SLUG_MAX}
              autoCapitalize="none"
              spellCheck={false}
            />
            <div className="grid gap-7 sm:grid-cols-2">
              <TextField
                {...field("seatedCapacity")}
                label="Seated guests"
                inputMode="numeric"
                hint="0 if it is not set up seated."
              />
              <TextField
                {...field("standingCapacity")}
                label="Standing guests"
                inputMode="numeric"
                hint="0 if it is not set up standing."
              />
            </div>
            <TextField {...field("summary")} label="Summary" optional limit={SUMMARY_MAX} />
            <TextAreaField
              {...field("description")}
              label="Description"
              optional
              rows={5}
              limit={DESCRIPTION_MAX}
            />
            <TextAreaField
              {...field("features")}
              label="Features"
              optional
              hint="One a line, or separated by commas: private bar, projector, fireplace."
              rows={4}
            />
            <CheckboxField
              {...checkbox(field("stepFree"))}
              label="Step-free access"
              hint="Guests can get in without steps or stairs."
              optional
            />
            <TextAreaField
              {...field("accessibilityNote")}
              label="Access note"
              optional
              hint="Lifts, ramps, nearest accessible washroom."
              rows={3}
              limit={NOTE_MAX}
            />
            {photoSlots.map((slot) => {
              const names = photoNames(slot);
              return (
                <PictureField
                  altLimit={PHOTO_ALT_MAX}
                  key={slot}
                  formId={FORM_ID}
                  names={names}
                  label={`Photo ${slot + 1}`}
                  path={(shown[names.kept] ?? "") || null}
                  alt={field(names.alt).defaultValue}
                  errors={{ file: field(names.file).error, alt: field(names.alt).error }}
                />
              );
            })}
            <CheckboxField
              {...checkbox(field("hidden"))}
              label="Hide from the site"
              hint="Hidden spaces are not on the venue page or in the enquiry form."
              optional
            />
          </>
        )}
      </EditorForm>

      {space ? (
        <DeleteSection
          what={`“${space.name}”`}
          consequence="The space goes from the venue page and the enquiry form."
          confirming={confirming}
          keepTo={`/staff/venue/spaces/${space.id}`}
        />
      ) : null}
    </>
  );
}
