import { data } from "react-router";
import type { Route } from "./+types/menu-prices";
import { sectionAnchor } from "~/menu/editor/menu-editor";
import {
  priceFields,
  prices,
  pricesCheckForm,
  pricesSaveForm,
  type PriceField,
  type PricePreview,
} from "~/menu/editor/menu-prices";
import {
  listPriceSections,
  previewPriceChange,
  savePriceChange,
} from "~/menu/editor/menu-prices.server";
import { MenuPricesPage } from "~/menu/editor/menu-prices-page";
import type { FormValues } from "~/platform/forms/form-check";
import { checkPost, refusePost } from "~/platform/forms/form-post.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { parseRowId, readAsStaff, redirectSaved, writeAsStaff } from "~/staff/editor/editor.server";
import { staffAction } from "~/staff/editor/staff-action.server";
import { staffMeta } from "~/staff/staff-meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const sections = await readAsStaff(context, listPriceSections);
  // Opened from a section: that one is chosen.
  const asked = parseRowId(new URL(request.url).searchParams.get("section"));
  const startWith = sections.some((section) => section.id === asked) ? asked : null;
  return { sections, startWith };
}

/** The change as the check form had it. */
const changeValues = (values: Partial<Record<string, string>>) =>
  Object.fromEntries(
    priceFields.map((name) => [name, values[name] ?? ""]),
  ) as FormValues<PriceField>;

/** Every new price, with the change kept as typed; `changed` when a save found the menu changed. */
const answer = (
  values: FormValues<PriceField>,
  preview: PricePreview,
  { status = 200, changed = false } = {},
) =>
  data(
    { formId: pricesCheckForm.id, values, errors: {}, formError: null, preview, changed },
    { status },
  );

export const action = staffAction([
  {
    form: pricesCheckForm,
    async handle(post, { context }: Route.ActionArgs) {
      const checked = await checkPost(post, pricesCheckForm, undefined);
      if (!checked.ok) return refusePost(pricesCheckForm, checked.values, checked.errors);
      const preview = await readAsStaff(context, (tx) => previewPriceChange(tx, checked.data));
      if ("field" in preview) {
        return refusePost(pricesCheckForm, checked.values, { [preview.field]: preview.message });
      }
      return answer(checked.values, preview);
    },
  },
  {
    form: pricesSaveForm,
    answersAs: pricesCheckForm,
    async handle(post, { context }: Route.ActionArgs) {
      const checked = await checkPost(post, pricesSaveForm, undefined);
      const values = changeValues(checked.values);
      if (!checked.ok) {
        // Not as the page wrote it: the change back in its form, to check again.
        const { key, ...errors } = checked.errors;
        return refusePost(pricesCheckForm, values, errors, key ? { formError: key } : {});
      }
      const change = checked.data;
      const saved = await writeAsStaff(context, (tx) => savePriceChange(tx, change, change.key));
      if ("field" in saved) {
        return refusePost(pricesCheckForm, values, { [saved.field]: saved.message });
      }
      // Nothing saved: the new prices as they would be now, to look over and save again.
      if ("stale" in saved) return answer(values, saved.stale, { status: 409, changed: true });
      const { section, words } = saved.saved;
      return redirectSaved(
        `/staff/menu#${sectionAnchor(section.id)}`,
        `Changed ${prices(saved.changed)} in ${section.name}: ${words}.`,
      );
    },
  },
]);

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Change prices", matches);
export const headers = staffPageHeaders;

export default function MenuPrices({ loaderData, actionData }: Route.ComponentProps) {
  return <MenuPricesPage {...loaderData} actionData={actionData} />;
}
