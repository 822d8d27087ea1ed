import { CheckCheckIcon, DownloadIcon, SaveIcon } from "lucide-react";
import { EditorForm } from "~/platform/forms/editor-form";
import { TextAreaField } from "~/platform/forms/form-fields";
import { buttonVariants } from "~/platform/ui/button";
import { EditorHeading, EditorSection, StatusBadge } from "~/platform/ui/editor-parts";
import { cn } from "~/platform/cn";
import {
  dishes,
  IMPORT_TEXT_MAX,
  importCheckForm,
  importSaveForm,
  type ImportOutcome,
  type ImportPreview,
} from "./menu-import";
import { SHEET_COLUMNS } from "./menu-sheet";

const OUTCOME_WORDS: Record<ImportOutcome, string> = {
  add: "New",
  change: "Changed",
  same: "As it is",
  refused: "Not saved",
};

/** The check's answer, when the action gave one. */
function previewOf(actionData: unknown): { rows: string; preview: ImportPreview } | null {
  if (typeof actionData !== "object" || actionData === null || !("preview" in actionData)) {
    return null;
  }
  const answer = actionData as { preview: ImportPreview; values: { rows: string } };
  return { rows: answer.values.rows, preview: answer.preview };
}

/** Dishes added or changed from rows pasted from a spreadsheet, checked before they are saved. */
export function MenuImportPage({ actionData }: { actionData: unknown }) {
  const checked = previewOf(actionData);
  return (
    <>
      <EditorHeading
        title="Menu from a spreadsheet"
        intro="Add dishes, or change many at once (a price rise, new descriptions), from a spreadsheet. Nothing is saved until you have seen what it will do."
      />
      <EditorSection id="how" title="How">
        <ol className="mt-3 list-decimal space-y-2 pl-6 text-muted-foreground">
          <li>
            <a
              href="/staff/menu/menu.csv"
              download
              className="font-semibold text-primary underline underline-offset-4"
            >
              Download the menu
            </a>{" "}
            and open it in a spreadsheet, or make one with these columns: {SHEET_COLUMNS.join(", ")}
            . Section, Name and Price are needed.
          </li>
          <li>
            Change prices and words, or add rows for new dishes. A row changes the dish of that name
            in that section; a name the section does not have yet is added at its end.
          </li>
          <li>Copy the rows, with the first row of column names, and paste them here.</li>
        </ol>
      </EditorSection>

      <EditorSection id="paste" title="Rows">
        <EditorForm
          form={importCheckForm}
          titleId="paste-heading"
          actionData={actionData}
          submitLabel="Check the rows"
          submitIcon={<CheckCheckIcon aria-hidden="true" />}
          className="mt-3 space-y-4"
        >
          {(field) => (
            <TextAreaField
              {...field("rows")}
              label="Rows from the spreadsheet"
              hint="Diets, allergens and badges as the dish form names them, several joined by semicolons. On the menu, Featured and Hidden: yes or no."
              limit={IMPORT_TEXT_MAX}
              spellCheck={false}
            />
          )}
        </EditorForm>
      </EditorSection>

      {checked ? <Preview {...checked} /> : null}
    </>
  );
}

function Preview({ rows, preview }: { rows: string; preview: ImportPreview }) {
  const { counts } = preview;
  const saving = counts.add + counts.change;
  const summary = [
    counts.add > 0 ? `${dishes(counts.add)} to add` : "",
    counts.change > 0 ? `${dishes(counts.change)} to change` : "",
    counts.same > 0 ? `${dishes(counts.same)} already as the sheet says` : "",
    counts.refused > 0
      ? `${counts.refused} ${counts.refused === 1 ? "row" : "rows"} with a problem`
      : "",
  ].filter(Boolean);
  return (
    <EditorSection id="check" title="What saving would do">
      <p role="status" className="mt-2 text-lg">
        {summary.join(", ")}.
        {counts.refused > 0
          ? " Fix those rows in the sheet and check again: nothing is saved while one has a problem."
          : ""}
      </p>
      <ul
        aria-label="The rows checked"
        className="mt-4 divide-y divide-border border-y border-border"
      >
        {preview.rows.map((row) => (
          <li key={row.line} className="py-3">
            <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="font-semibold break-words">{row.name || "(no name)"}</span>
              <span className="break-words text-muted-foreground">
                {row.section || "(no section)"} · line {row.line}
              </span>
              <StatusBadge tone={row.outcome === "refused" ? "warning" : "muted"}>
                {OUTCOME_WORDS[row.outcome]}
              </StatusBadge>
            </p>
            {row.problems.length > 0 ? (
              <ul className="mt-1 list-disc space-y-1 pl-6 text-destructive">
                {row.problems.map((problem) => (
                  <li key={problem} className="break-words">
                    {problem}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      {counts.refused === 0 && saving > 0 ? (
        <EditorForm
          form={importSaveForm}
          label={`Save ${dishes(saving)}`}
          actionData={null}
          hidden={<input type="hidden" name="rows" value={rows} />}
          submitLabel={`Save ${dishes(saving)}`}
          submitIcon={<SaveIcon aria-hidden="true" />}
          className="mt-4"
        >
          {() => null}
        </EditorForm>
      ) : null}
      {counts.refused === 0 && saving === 0 ? (
        <p className="mt-4 text-muted-foreground">
          Nothing to save: the menu already says all this.
        </p>
      ) : null}
      <a
        href="/staff/menu/menu.csv"
        download
        className={cn(
          buttonVariants({ variant: "outline", size: "sm" }),
          "mt-4 min-h-11 w-full sm:w-auto",
        )}
      >
        <DownloadIcon aria-hidden="true" />
        Download the menu now
      </a>
    </EditorSection>
  );
}
