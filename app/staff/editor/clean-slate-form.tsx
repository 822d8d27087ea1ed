import { EraserIcon } from "lucide-react";
import { checkbox } from "~/platform/forms/checked-form";
import { EditorForm } from "~/platform/forms/editor-form";
import { CheckboxField } from "~/platform/forms/form-fields";
import { EditorSection } from "~/platform/ui/editor-parts";
import { CLEAN_SLATE_ANCHOR, cleanSlateForm } from "./clean-slate";

/**
 * An area's clean slate, under its list: how many of its entries are still
 * the sample's, and a confirmed button that removes them all. Nothing when
 * none is left.
 */
export function CleanSlate({
  count,
  what,
  actionData,
}: {
  /** The sample entries left. */
  count: number;
  /** The entries, as a count names them: "menu entries". */
  what: { one: string; many: string };
  actionData: unknown;
}) {
  if (count === 0) return null;
  const entries = count === 1 ? `1 ${what.one}` : `${count} ${what.many}`;
  return (
    <EditorSection
      id={CLEAN_SLATE_ANCHOR}
      title="Start with a clean slate"
      intro={`${entries} ${count === 1 ? "is" : "are"} still the sample's, invented to show what the site can do, and marked Sample above. Save one from its form to keep it, or remove them all here: what you have saved stays.`}
    >
      <EditorForm
        form={cleanSlateForm}
        titleId={`${CLEAN_SLATE_ANCHOR}-heading`}
        actionData={actionData}
        submitLabel="Remove the sample"
        submitIcon={<EraserIcon aria-hidden="true" />}
        className="mt-4 space-y-4"
      >
        {(field) => (
          <CheckboxField
            {...checkbox(field("confirm"))}
            label={`Yes, remove the ${entries} marked Sample`}
            hint="Recent changes lists the removal as one change, which an owner can undo."
          />
        )}
      </EditorForm>
    </EditorSection>
  );
}
