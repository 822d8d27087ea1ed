import { CheckCheckIcon, DownloadIcon, SaveIcon } from "lucide-react";
import { EditorForm } from "~/platform/forms/editor-form";
import { FileField, RadioGroupField, TextAreaField } from "~/platform/forms/form-fields";
import { buttonVariants } from "~/platform/ui/button";
import { EditorHeading, EditorSection, StatusBadge } from "~/platform/ui/editor-parts";
import { cn } from "~/platform/cn";
import { RefusedNotice } from "~/platform/ui/refused-notice";
import {
  chosenSheetProblem,
  dishes,
  IMPORT_MODE_OPTIONS,
  IMPORT_TEXT_MAX,
  importCheckForm,
  importSaveForm,
  kilobytes,
  removedCount,
  saveLabel,
  SHEET_FILE_ACCEPT,
  SHEET_FILE_BYTES,
  type CheckedSheet,
  type ImportMode,
  type ImportOutcome,
  type ImportPreview,
} from "./menu-import";
import { SHEET_COLUMNS, SHEET_ROWS_MAX } from "./menu-sheet";

const OUTCOME_WORDS: Record<ImportOutcome, string> = {
  add: "New",
  change: "Changed",
  same: "As it is",
  exists: "Already on the menu",
  refused: "Not saved",
};

/** What the mode makes of a check: "Adding and updating by name", for the summary. */
const MODE_WORDS: Record<ImportMode, string> = {
  update: "Adding new dishes and updating by name",
  add: "Only adding new dishes",
  replace: "Replacing the sections the rows name",
};

type Checked = {
  preview: ImportPreview;
  sheet: CheckedSheet;
  changed: boolean;
  /** Whether rows were pasted too (a file chosen is what was checked). */
  pasted: boolean;
};

/** The check's answer, when the action gave one. */
function checkedOf(actionData: unknown): Checked | null {
  if (typeof actionData !== "object" || actionData === null || !("preview" in actionData)) {
    return null;
  }
  const answer = actionData as Omit<Checked, "pasted"> & { values: { rows: string } };
  return {
    preview: answer.preview,
    sheet: answer.sheet,
    changed: answer.changed,
    pasted: answer.sheet.fileName !== "" && answer.values.rows.trim() !== "",
  };
}

/** Dishes added, changed or replaced from a spreadsheet's file or rows, checked before they are saved. */
export function MenuImportPage({ actionData }: { actionData: unknown }) {
  const checked = checkedOf(actionData);
  return (
    <>
      <EditorHeading
        title="Menu from a spreadsheet"
        intro="Add dishes, change many at once (a price rise, new descriptions) or replace a section, from a spreadsheet. Nothing is saved until you have seen what it will do."
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
            Change prices and words, add rows for new dishes, or, to replace a section, leave out
            the dishes it should lose.
          </li>
          <li>
            Save it as CSV and choose the file here, or copy the rows, with the first row of column
            names, and paste them.
          </li>
          <li>Choose what the rows do, and check them.</li>
        </ol>
      </EditorSection>

      <EditorSection id="rows" title="Rows">
        <EditorForm
          form={importCheckForm}
          titleId="rows-heading"
          actionData={actionData}
          initialValues={{ mode: "update" }}
          encType="multipart/form-data"
          submitLabel="Check the rows"
          submitIcon={<CheckCheckIcon aria-hidden="true" />}
          className="mt-3 space-y-6"
        >
          {(field) => {
            const { defaultValue: _, ...file } = field("file");
            return (
              <>
                <FileField
                  {...file}
                  label="A CSV file"
                  hint={`Saved from the spreadsheet as CSV (UTF-8): at most ${kilobytes(SHEET_FILE_BYTES)} and ${SHEET_ROWS_MAX} rows.`}
                  optional
                  accept={SHEET_FILE_ACCEPT}
                  check={chosenSheetProblem}
                />
                <TextAreaField
                  {...field("rows")}
                  label="Or paste the rows"
                  hint="Diets, allergens and badges as the dish form names them, several joined by semicolons. On the menu, Featured and Hidden: yes or no. A file chosen above is checked instead."
                  optional
                  limit={IMPORT_TEXT_MAX}
                  spellCheck={false}
                />
                <RadioGroupField
                  {...field("mode")}
                  label="What the rows do"
                  options={IMPORT_MODE_OPTIONS}
                />
              </>
            );
          }}
        </EditorForm>
      </EditorSection>

      {checked ? <Preview {...checked} /> : null}
    </>
  );
}

function Preview({ preview, sheet, changed, pasted }: Checked) {
  const { counts } = preview;
  const saving = counts.add + counts.change;
  const removing = removedCount(preview);
  const summary = [
    counts.add > 0 ? `${dishes(counts.add)} to add` : "",
    counts.change > 0 ? `${dishes(counts.change)} to change` : "",
    removing > 0 ? `${dishes(removing)} to remove` : "",
    counts.same > 0 ? `${dishes(counts.same)} already as the sheet says` : "",
    counts.exists > 0 ? `${dishes(counts.exists)} already on the menu, left as they are` : "",
    counts.refused > 0
      ? `${counts.refused} ${counts.refused === 1 ? "row" : "rows"} with a problem`
      : "",
  ].filter(Boolean);
  const source = sheet.fileName === "" ? "the rows pasted" : sheet.fileName;
  return (
    <EditorSection id="check" title="What saving would do">
      {changed ? (
        <RefusedNotice message="The menu changed after the check, so nothing was saved. This is what saving would do now: look it over, and save again if it is right." />
      ) : null}
      <p className="mt-2 break-words text-muted-foreground">
        {MODE_WORDS[preview.mode]}, from {source}.
        {pasted ? " The rows in the box were not checked: the file was." : ""}
      </p>
      <p role="status" className="mt-2 text-lg">
        {summary.length > 0 ? `${summary.join(", ")}.` : ""}
        {counts.refused > 0
          ? " Fix those rows in the sheet and check again: nothing is saved while one has a problem."
          : ""}
      </p>
      {removing > 0 ? (
        <div className="mt-4 border-l-4 border-destructive bg-destructive/10 p-4">
          <h3 className="text-lg font-semibold">Removed by saving</h3>
          {preview.removing.map(({ section, names }) => (
            <div key={section} className="mt-2">
              <p className="break-words">
                From {section}, {dishes(names.length)} the rows do not name:
              </p>
              <ul
                aria-label={`Removed from ${section}`}
                className="mt-1 list-disc space-y-1 pl-6 font-semibold"
              >
                {names.map((name) => (
                  <li key={name} className="break-words">
                    {name}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : null}
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
      {counts.refused === 0 && saving + removing > 0 ? (
        <EditorForm
          form={importSaveForm}
          label={saveLabel(preview)}
          actionData={null}
          encType="multipart/form-data"
          hidden={
            <>
              <input type="hidden" name="rows" value={sheet.text} />
              <input type="hidden" name="mode" value={preview.mode} />
              <input type="hidden" name="fileName" value={sheet.fileName} />
              <input type="hidden" name="key" value={preview.key} />
            </>
          }
          submitLabel={saveLabel(preview)}
          submitIcon={<SaveIcon aria-hidden="true" />}
          className="mt-4"
        >
          {() => null}
        </EditorForm>
      ) : null}
      {counts.refused === 0 && saving + removing === 0 ? (
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
