import type { ComponentProps, ReactNode } from "react";

/**
 * An editor's fields as data: which control each is, its words and its
 * limits, in the order the form shows them. The domain declares them with
 * its editor; the staff area's kit draws them with the site's field
 * components, so every editor's form looks and reads alike.
 */

/** What every field says: its label, a hint under it, and whether it may be left empty. */
type Words = {
  label: ReactNode;
  hint?: ReactNode;
  /** "(optional)" after the label. */
  optional?: boolean;
  /** Needed only in some cases (the rules say when): neither optional nor required. */
  conditional?: boolean;
  /** Its name in the summary of problems, where that is shorter than its label ("Hidden"). */
  summary?: string;
};

/** A text field's input: its type and how the keyboard and the browser treat it. */
export type TextInput = Pick<
  ComponentProps<"input">,
  "type" | "inputMode" | "autoComplete" | "autoCapitalize" | "spellCheck" | "readOnly"
> & {
  /** The most characters it takes, counted as the rules count them. */
  limit?: number;
};

/** The names of a picture's fields in an editor's form. */
export type PictureNames<Field extends string = string> = {
  /** The file input. */
  file: Field;
  /** The hidden input holding the picture's current path, or one a refused post uploaded. */
  kept: Field;
  /** The "Remove picture" checkbox, where the editor offers one. */
  remove?: Field;
  /** The picture's description. */
  alt: Field;
};

/** A choice in a list: its value, and what the list says. */
export type Option = { value: string; label: string };

export type FieldSpec<Field extends string> =
  | ({ kind: "text"; name: Field } & Words & TextInput)
  | ({
      kind: "area";
      name: Field;
      rows?: number;
      limit?: number;
      counts?: "line" | "text";
      /** A box for a sentence or two rather than for paragraphs. */
      short?: boolean;
    } & Words &
      Pick<ComponentProps<"textarea">, "spellCheck">)
  | ({ kind: "select"; name: Field; options: readonly Option[]; none?: string } & Words)
  | ({ kind: "checkbox"; name: Field } & Words)
  | ({ kind: "checkboxes"; name: Field; options: readonly Option[] } & Words)
  | {
      kind: "picture";
      names: PictureNames<Field> & { remove: Field };
      label?: string;
      /** The most characters its description takes. */
      altLimit: number;
      altHint?: ReactNode;
    }
  /** Fields side by side on a wide screen, one under another on a phone. */
  | { kind: "row"; fields: readonly FieldSpec<Field>[] }
  /** Fields set apart from those before them, under a heading of their own when they have one. */
  | { kind: "group"; legend?: string; fields: readonly FieldSpec<Field>[] };

type Props<Kind extends FieldSpec<string>["kind"], Field extends string> = Omit<
  Extract<FieldSpec<Field>, { kind: Kind }>,
  "kind" | "name"
>;

/** A line of text (or a date, a time, an email address: `type`). */
export const text = <Field extends string>(
  name: Field,
  props: Props<"text", Field>,
): FieldSpec<Field> => ({ kind: "text", name, ...props });

/** Text of several lines. */
export const area = <Field extends string>(
  name: Field,
  props: Props<"area", Field>,
): FieldSpec<Field> => ({ kind: "area", name, ...props });

/** One choice from a list; `none` is the first, empty choice's words. */
export const select = <Field extends string>(
  name: Field,
  props: Props<"select", Field>,
): FieldSpec<Field> => ({ kind: "select", name, ...props });

/** A box to tick. */
export const checkbox = <Field extends string>(
  name: Field,
  props: Props<"checkbox", Field>,
): FieldSpec<Field> => ({ kind: "checkbox", name, ...props });

/** Boxes to tick, all posted under one name. */
export const checkboxes = <Field extends string>(
  name: Field,
  props: Props<"checkboxes", Field>,
): FieldSpec<Field> => ({ kind: "checkboxes", name, ...props });

/** A picture and its description. */
export const picture = <Field extends string>(
  names: PictureNames<Field> & { remove: Field },
  props: Omit<Props<"picture", Field>, "names">,
): FieldSpec<Field> => ({ kind: "picture", names, ...props });

export const row = <Field extends string>(...fields: FieldSpec<Field>[]): FieldSpec<Field> => ({
  kind: "row",
  fields,
});

export const group = <Field extends string>(
  legend: string | undefined,
  ...fields: FieldSpec<Field>[]
): FieldSpec<Field> => ({ kind: "group", legend, fields });

/**
 * Each field's name in the summary of a form's problems ("Price: …"): its
 * `summary`, else its label; a picture's fields after the picture.
 */
export function summaryLabels<Field extends string>(
  fields: readonly FieldSpec<Field>[],
): Partial<Record<Field, string>> {
  const labels: Partial<Record<Field, string>> = {};
  for (const spec of fields) {
    if (spec.kind === "row" || spec.kind === "group") {
      Object.assign(labels, summaryLabels(spec.fields));
    } else if (spec.kind === "picture") {
      const name = spec.label ?? "Picture";
      const { file, kept, remove, alt } = spec.names;
      Object.assign(labels, {
        [file]: name,
        [kept]: name,
        [remove]: `Remove ${name.toLowerCase()}`,
        [alt]: `${name} description`,
      });
    } else {
      labels[spec.name] = spec.summary ?? (typeof spec.label === "string" ? spec.label : spec.name);
    }
  }
  return labels;
}
