import type { Route } from "./+types/venue-package";
import { withThousands } from "~/platform/thousands";
import { checkbox } from "~/components/ui/checked-form";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/ui/form-fields";
import { redirectWithToast } from "~/platform/toast.server";
import {
  BackLink,
  DeleteSection,
  EditorForm,
  asksToConfirmDelete,
  schemaValidator,
} from "~/staff/editor-ui";
import {
  answerDelete,
  checkPost,
  editorRow,
  editorRowId,
  notFound,
  redirectSaved,
  refusePost,
  writeAsStaff,
} from "~/staff/editor.server";
import { keepsFormOnOutage } from "~/staff/outage.server";
import { staffPageHeaders } from "~/staff/session.server";
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

const FORM_ID = "package-form";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = editorRowId(params.id);
  const pack = await editorRow(context, id, packageForStaff);
  return { pack, values: pack ? packageFormValues(pack) : { priceUnit: "per-guest" } };
}

/** The form comes back as typed when the database cannot take it. */
export const action = keepsFormOnOutage(
  { [FORM_ID]: { fields: packageFields } },
  async ({ params, context }: Route.ActionArgs, form) => {
    const id = editorRowId(params.id);

    const deleting = await answerDelete(context, form, id, {
      find: packageForStaff,
      remove: (tx, id) => deleteVenueRow(tx, "venue_packages", id),
      deleted: () =>
        redirectWithToast("/staff/venue", { type: "success", title: "Package deleted." }),
    });
    if (deleting) return deleting;

    const post = checkPost(form, packageFields, packageSchema);
    if (!post.ok) return refusePost(post.values, post.errors);
    const pack = post.data;
    const saved = await writeAsStaff(context, async (tx) => {
      if (id === "new") return insertPackage(tx, pack);
      return (await updatePackage(tx, id, pack)) ? id : null;
    });
    if (saved === null) throw notFound();
    return redirectSaved(`/staff/venue/packages/${saved}`);
  },
);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  staffMeta(
    loaderData?.pack ? `Edit ${loaderData.pack.name.slice(0, 60)}` : "Add a package",
    matches,
  );

export const headers: Route.HeadersFunction = staffPageHeaders;

const loadValidator = schemaValidator<PackageField>(() =>
  import("~/venue/venue-rules").then((rules) => rules.packageSchema),
);

export default function StaffPackagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { pack, values } = loaderData;
  const checked = actionData && "values" in actionData ? actionData : undefined;
  const confirming = asksToConfirmDelete(actionData);

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
            <TextField {...field("name")} label="Name" maxLength={NAME_MAX * 2} />
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
              hint={`Up to ${withThousands(DESCRIPTION_MAX)} characters.`}
              rows={4}
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
