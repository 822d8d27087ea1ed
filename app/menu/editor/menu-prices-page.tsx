import { CheckCheckIcon, SaveIcon } from "lucide-react";
import { EditorForm } from "~/platform/forms/editor-form";
import { RadioGroupField, SelectField, TextField } from "~/platform/forms/form-fields";
import type { FormValues } from "~/platform/forms/form-check";
import { formatPrice } from "~/platform/money";
import { BackLink, EditorHeading, EditorSection, StatusBadge } from "~/platform/ui/editor-parts";
import { RefusedNotice } from "~/platform/ui/refused-notice";
import { dishes } from "./menu-import";
import {
  DIRECTION_OPTIONS,
  prices,
  pricesCheckForm,
  pricesSaveForm,
  ROUNDING_OPTIONS,
  UNIT_OPTIONS,
  type PriceField,
  type PricePreview,
} from "./menu-prices";

type Checked = { preview: PricePreview; values: FormValues<PriceField>; changed: boolean };

/** The check's answer, when the action gave one. */
function checkedOf(actionData: unknown): Checked | null {
  if (typeof actionData !== "object" || actionData === null || !("preview" in actionData)) {
    return null;
  }
  return actionData as Checked;
}

/** A section's prices up or down at once: the change, then every new price, then the save. */
export function MenuPricesPage({
  sections,
  startWith,
  actionData,
}: {
  sections: { id: number; name: string; dishes: number }[];
  /** The section the page was opened for, when it names one. */
  startWith: number | null;
  actionData: unknown;
}) {
  const checked = checkedOf(actionData);
  return (
    <>
      <BackLink to="/staff/menu">Back to the menu</BackLink>
      <div className="mt-2">
        <EditorHeading
          title="Change prices"
          intro="Raise or lower every price in a section at once, by dollars or a percentage. Nothing is saved until you have seen every new price."
        />
      </div>
      <EditorSection id="change" title="The change">
        <EditorForm
          form={pricesCheckForm}
          titleId="change-heading"
          actionData={actionData}
          initialValues={{
            section: startWith === null ? "" : String(startWith),
            direction: "up",
            unit: "percent",
            rounding: "cent",
          }}
          submitLabel="Check the new prices"
          submitIcon={<CheckCheckIcon aria-hidden="true" />}
          className="mt-3 space-y-6"
        >
          {(field) => (
            <>
              <SelectField {...field("section")} label="Section">
                <option value="">Choose a section</option>
                {sections.map((section) => (
                  <option key={section.id} value={section.id}>
                    {section.name} ({dishes(section.dishes)})
                  </option>
                ))}
              </SelectField>
              <RadioGroupField
                {...field("direction")}
                label="Up or down"
                options={DIRECTION_OPTIONS}
                inline
              />
              <div className="grid gap-6 sm:grid-cols-2">
                <TextField
                  {...field("amount")}
                  label="By how much"
                  hint="Such as 5 for 5%, or 1.50 for $1.50."
                  inputMode="decimal"
                  autoComplete="off"
                />
                <RadioGroupField {...field("unit")} label="In" options={UNIT_OPTIONS} inline />
              </div>
              <SelectField
                {...field("rounding")}
                label="Rounding"
                hint="How each new price ends. To end in .99 takes the nearest price ending in .99."
              >
                {ROUNDING_OPTIONS.map(({ value, label }) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </SelectField>
            </>
          )}
        </EditorForm>
      </EditorSection>

      {checked ? <Preview {...checked} /> : null}
    </>
  );
}

function Preview({ preview, values, changed }: Checked) {
  const { section, rows, free } = preview;
  const changing = rows.filter((row) => row.to !== row.from).length;
  const staying = rows.length - changing;
  return (
    <EditorSection id="new-prices" title="New prices">
      {changed ? (
        <RefusedNotice message="The section’s dishes or prices changed after the check, so nothing was saved. These are the new prices as they would be now: look them over, and save again if they are right." />
      ) : null}
      <p role="status" className="mt-2 text-lg break-words">
        {section.name}, {preview.words}: {prices(changing)} {changing === 1 ? "changes" : "change"}
        {staying > 0 ? `, ${staying} ${staying === 1 ? "stays" : "stay"} as it is` : ""}.
      </p>
      <ul
        aria-label={`New prices in ${section.name}`}
        className="mt-4 divide-y divide-border border-y border-border"
      >
        {rows.map((row) => (
          <li
            key={row.id}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3"
          >
            <span className="min-w-0 break-words">
              <span className="font-semibold">{row.name}</span>
              {row.portion ? <span className="text-muted-foreground"> · {row.portion}</span> : null}
              {row.hidden ? (
                <>
                  {" "}
                  <StatusBadge>Hidden</StatusBadge>
                </>
              ) : null}
            </span>
            {row.to === row.from ? (
              <span className="text-muted-foreground tabular-nums">
                {formatPrice(row.from)}, as it is
              </span>
            ) : (
              <span className="tabular-nums">
                {formatPrice(row.from)} <span aria-hidden="true">→</span>
                <span className="sr-only"> to</span>{" "}
                <strong className="font-semibold">{formatPrice(row.to)}</strong>
              </span>
            )}
          </li>
        ))}
      </ul>
      {free.length > 0 ? (
        <p className="mt-3 break-words text-muted-foreground">
          Free, left at $0: {free.join(", ")}.
        </p>
      ) : null}
      {changing > 0 ? (
        <EditorForm
          form={pricesSaveForm}
          label={`Save ${prices(changing)}`}
          actionData={null}
          hidden={
            <>
              {(Object.keys(values) as PriceField[]).map((name) => (
                <input key={name} type="hidden" name={name} value={values[name]} />
              ))}
              <input type="hidden" name="key" value={preview.key} />
            </>
          }
          submitLabel={`Save ${prices(changing)}`}
          submitIcon={<SaveIcon aria-hidden="true" />}
          submitClassName="w-full sm:w-auto"
          className="mt-4"
        >
          {() => null}
        </EditorForm>
      ) : (
        <p className="mt-4 text-muted-foreground">
          Nothing to save: rounded, every price stays as it is. Choose a larger change.
        </p>
      )}
    </EditorSection>
  );
}
