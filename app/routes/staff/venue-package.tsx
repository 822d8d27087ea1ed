import type { Route } from "./+types/venue-package";
import { checkbox } from "~/platform/ui/checked-form";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/platform/ui/form-fields";
import { redirectWithToast } from "~/platform/toast.server";
import {
  BackLink,
  DeleteSection,
  EditorForm,
  editorAnswer,
  schemaValidator,
} from "~/staff/editor/editor-ui";
import { editorAction, editorRow, editorRowId } from "~/staff/editor/editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { staffMeta } from "~/staff/staff-meta";
import {
  DESCRIPTION_MAX,
  NAME_MAX,
  PRICE_UNITS,
  packageFieldLabels,
  packageFields,
  packageFormValues,
  priceUnitLabels,
  type PackageField,
} from "~/venue/venue-editor";
import {
  deleteVenueRow,
  insertPackage,
  packageForStaff,
  updatePackage,
} from "~/venue/venue-editor.server";
import { packageSchema } from "~/venue/venue-rules";
import type { RouteHandle } from "~/platform/route-needs";

const FORM_ID = "package-form";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = editorRowId(params.id);
  const pack = await editorRow(context, id, packageForStaff);
  return { pack, values: pack ? packageFormValues(pack) : { priceUnit: "per-guest" } };
}

export const action = editorAction({
  formId: FORM_ID,
  fields: packageFields,
  schema: () => packageSchema,
  find: packageForStaff,
  remove: (tx, id) => deleteVenueRow(tx, "venue_packages", id),
  deleted: () => redirectWithToast("/staff/venue", { type: "success", title: "Package deleted." }),
  save: async (tx, id, pack) =>
    id === "new" ? insertPackage(tx, pack) : (await updatePackage(tx, id, pack)) ? id : null,
  savedTo: (id) => `/staff/venue/packages/${id}`,
});

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  staffMeta(
    loaderData?.pack ? `Edit ${loaderData.pack.name.slice(0, 60)}` : "Add a package",
    matches,
  );

export const headers: Route.HeadersFunction = staffPageHeaders;

/**
 * No picture is posted here, but posts take the picture editors' limit, as
 * they always have under /staff/venue.
 */
export const handle = { transport: { body: "upload" } } satisfies RouteHandle;

const loadValidator = schemaValidator<PackageField>(() =>
  import("~/venue/venue-rules").then((rules) => rules.packageSchema),
);

export default function StaffPackagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { pack, values } = loaderData;
  const { form: checked, confirmingDelete: confirming } = editorAnswer<PackageField>(actionData);

  return (
    <>
      <BackLink to="/staff/venue">Venue</BackLink>
      <h1 id="package-title" className="mt-4 text-4xl tracking-tight break-words">
        {pack ? pack.name : "Add a package"}
      </h1>

      <EditorForm
        // After a save the form starts again from what was saved (a slug made
        // from the name shows; a chosen file is not sent twice).
        key={`${pack?.id ?? "new"}:${JSON.stringify(values)}`}
        id={FORM_ID}
        titleId="package-title"
        fields={packageFields}
        labels={packageFieldLabels}
        actionData={checked}
        initialValues={values}
        loadValidator={loadValidator}
        submitLabel={pack ? "Save changes" : "Add package"}
        className="relative mt-8 max-w-2xl space-y-7"
      >
        {(field) => (
          <>
            <TextField {...field("name")} label="Name" limit={NAME_MAX} />
            <div className="grid gap-7 sm:grid-cols-2">
              <TextField
                {...field("price")}
                label="Price"
                hint="In dollars, such as 32 or 450.00."
                inputMode="decimal"
              />
              <SelectField {...field("priceUnit")} label="Priced">
                {PRICE_UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {priceUnitLabels[unit]}
                  </option>
                ))}
              </SelectField>
            </div>
            <TextField
              {...field("minimumGuests")}
              label="Minimum guests"
              optional
              inputMode="numeric"
              hint="Empty: no minimum."
            />
            <TextAreaField
              {...field("includes")}
              label="Includes"
              optional
              hint="One a line: a drink on arrival, sharing platters, a private bar."
              rows={5}
            />
            <TextAreaField
              {...field("description")}
              label="Description"
              optional
              rows={4}
              limit={DESCRIPTION_MAX}
            />
            <CheckboxField
              {...checkbox(field("hidden"))}
              label="Hide from the site"
              hint="Hidden packages are not on the venue page."
              optional
            />
          </>
        )}
      </EditorForm>

      {pack ? (
        <DeleteSection
          what={`“${pack.name}”`}
          consequence="The package goes from the venue page."
          confirming={confirming}
          keepTo={`/staff/venue/packages/${pack.id}`}
        />
      ) : null}
    </>
  );
}
