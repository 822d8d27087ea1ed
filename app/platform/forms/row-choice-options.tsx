import type { RowChoice } from "./editor-spec";

/** The options of a field that chooses a row or none: none first, in the form's own words. */
export function RowChoiceOptions({
  none,
  choices,
}: {
  none: string;
  choices: readonly RowChoice[];
}) {
  return (
    <>
      <option value="">{none}</option>
      {choices.map((choice) => (
        <option key={choice.id} value={String(choice.id)}>
          {choice.label}
        </option>
      ))}
    </>
  );
}
