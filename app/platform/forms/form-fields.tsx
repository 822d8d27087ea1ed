import { AlertCircleIcon } from "lucide-react";
import {
  useState,
  type ChangeEvent,
  type ComponentProps,
  type InputEvent,
  type ReactNode,
} from "react";
import { cn } from "~/platform/cn";
import { CharacterCount, countId, useCharacterCount, type CountedAs } from "./character-count";

/**
 * Form controls with their label, hint and error tied together: the hint and
 * the error are named by aria-describedby, a field with an error is
 * aria-invalid, and the error says what to do in words (the red is extra).
 */

export const fieldId = (formId: string, name: string) => `${formId}-${name}`;
const hintId = (id: string) => `${id}-hint`;
const errorId = (id: string) => `${id}-error`;

type FieldFrame = {
  formId: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  /**
   * Needed only in some cases (an opening time, on a day that opens): not
   * marked optional, nor required by the browser; the rules say when.
   */
  conditional?: boolean;
  className?: string;
};

/** The ids of a control's hint, error and character count, for its aria-describedby. */
export function describedBy(
  id: string,
  hint: ReactNode,
  error: string | undefined,
  counted = false,
) {
  const ids = [
    hint ? hintId(id) : null,
    counted ? countId(id) : null,
    error ? errorId(id) : null,
  ].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

/** A field's error, with the id its control's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={errorId(id)} className="mt-2 flex items-start gap-2 font-semibold text-destructive">
      <AlertCircleIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <span>{error}</span>
    </p>
  );
}

/** A field's label, with "(optional)" after it where the field may be left empty. */
export function Label({
  id,
  label,
  optional,
}: {
  id: string;
  label: ReactNode;
  optional?: boolean;
}) {
  return (
    <label htmlFor={id} className="block text-lg font-semibold">
      {label}
      {optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
    </label>
  );
}

/** A field's hint, with the id its control's aria-describedby names. */
export function Hint({ id, hint }: { id: string; hint: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={hintId(id)} className="mt-1 text-muted-foreground">
      {hint}
    </p>
  );
}

export const controlClass = (error: string | undefined) =>
  cn(
    "mt-2 block w-full rounded-none border-2 bg-card px-3 py-2.5 text-lg text-card-foreground",
    "placeholder:text-muted-foreground focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring",
    error ? "border-destructive" : "border-input",
  );

function controlProps(
  id: string,
  { name, hint, error, optional, conditional }: FieldFrame,
  counted = false,
) {
  return {
    id,
    name,
    "aria-describedby": describedBy(id, hint, error, counted),
    "aria-invalid": error ? true : undefined,
    required: !optional && !conditional,
  } as const;
}

/**
 * A labelled control stacked as the text fields are: label, hint, the control
 * (given its id, name and ARIA attributes by `control`), its character count
 * when it has one, then the error.
 */
function StackedField({
  frame,
  control,
  count,
}: {
  frame: FieldFrame;
  control: (props: ReturnType<typeof controlProps>) => ReactNode;
  count?: ReactNode;
}) {
  const id = fieldId(frame.formId, frame.name);
  return (
    <div className={frame.className}>
      <Label id={id} label={frame.label} optional={frame.optional} />
      <Hint id={id} hint={frame.hint} />
      {control(controlProps(id, frame, Boolean(count)))}
      {count}
      <FieldError id={id} error={frame.error} />
    </div>
  );
}

/** A field's frame (label, hint, error…) apart from what its control takes. */
function splitFrame<P extends FieldFrame>({
  formId,
  name,
  label,
  hint,
  error,
  optional,
  conditional,
  className,
  ...control
}: P) {
  return [{ formId, name, label, hint, error, optional, conditional, className }, control] as const;
}

/**
 * A length limit on a text field: the most characters the server takes, and
 * how it counts them (one line, or several). Shown as a live counter; never
 * a `maxlength`, which would cut what is pasted without a word.
 */
type Limited = { limit?: number; counts?: CountedAs };

type TextControl = "input" | "textarea";
type LimitedFieldProps<E extends TextControl> = FieldFrame &
  Limited &
  Omit<ComponentProps<E>, "name" | "id" | "className" | "maxLength">;

/**
 * A text control in its stacked frame, with the count under it when it has a
 * limit, following what is typed (`counts` says how, or the control's own
 * way: one line for an input, text for an area).
 */
function LimitedField<E extends TextControl>({
  props,
  countsAs,
  control,
}: {
  props: LimitedFieldProps<E>;
  countsAs: CountedAs;
  control: (props: ComponentProps<E>) => ReactNode;
}) {
  const [frame, { limit, counts, ...own }] = splitFrame(props);
  const { value, onInput } = useCharacterCount(
    typeof own.defaultValue === "string" ? own.defaultValue : "",
  );
  const counted = limit !== undefined;
  return (
    <StackedField
      frame={frame}
      count={
        counted ? (
          <CharacterCount
            fieldId={fieldId(frame.formId, frame.name)}
            value={value}
            max={limit}
            as={counts ?? countsAs}
          />
        ) : undefined
      }
      control={(aria) =>
        control({
          ...own,
          ...aria,
          onInput: (event: InputEvent<HTMLInputElement> & InputEvent<HTMLTextAreaElement>) => {
            if (counted) onInput(event);
            own.onInput?.(event);
          },
        } as ComponentProps<E>)
      }
    />
  );
}

export function TextField(props: LimitedFieldProps<"input">) {
  return (
    <LimitedField
      props={props}
      countsAs="line"
      control={(input) => <input {...input} className={controlClass(props.error)} />}
    />
  );
}

export function TextAreaField(props: LimitedFieldProps<"textarea">) {
  return (
    <LimitedField
      props={props}
      countsAs="text"
      control={(textarea) => (
        <textarea
          {...textarea}
          className={cn(controlClass(props.error), "min-h-40 resize-y leading-relaxed")}
        />
      )}
    />
  );
}

/**
 * A one-line value long enough to want reading whole, such as a picture's
 * description: a short text area, counted as a line (a line break typed
 * becomes a space, as the rules clean it).
 */
export function LineAreaField(props: LimitedFieldProps<"textarea">) {
  return (
    <LimitedField
      props={props}
      countsAs="line"
      control={(textarea) => (
        <textarea
          rows={3}
          {...textarea}
          className={cn(
            controlClass(props.error),
            "field-sizing-content min-h-24 resize-y leading-relaxed",
          )}
        />
      )}
    />
  );
}

/**
 * A file input in its stacked frame. With scripts, `check` reads a chosen
 * file at once: a file it refuses is named in words and not sent (the input
 * is emptied); the server checks it again. `onChosen` hears the file that
 * passed, or null when none is chosen now.
 */
export function FileField({
  check,
  onChosen,
  ...props
}: FieldFrame &
  Omit<ComponentProps<"input">, "name" | "id" | "className" | "type" | "onChange"> & {
    check?: (file: File) => string | null | Promise<string | null>;
    onChosen?: (chosen: File | null) => void;
  }) {
  const [chosenError, setChosenError] = useState<string | null>(null);
  const [frame, input] = splitFrame(props);
  const error = chosenError ?? frame.error;

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const control = event.currentTarget;
    const file = control.files?.[0];
    const problem = file && check ? await check(file) : null;
    setChosenError(problem);
    if (problem) control.value = "";
    onChosen?.(file && !problem ? file : null);
  }

  return (
    <StackedField
      frame={{ ...frame, error }}
      control={(aria) => (
        <input
          {...input}
          {...aria}
          type="file"
          onChange={(event) => void onChange(event)}
          className={cn(
            controlClass(error),
            "file:bg-secondary file:text-secondary-foreground min-h-11 file:mr-3 file:min-h-9 file:border-0 file:px-3 file:font-semibold",
          )}
        />
      )}
    />
  );
}

export function SelectField({
  children,
  ...props
}: FieldFrame & Omit<ComponentProps<"select">, "name" | "id" | "className">) {
  const [frame, select] = splitFrame(props);
  return (
    <StackedField
      frame={frame}
      control={(aria) => (
        <select {...select} {...aria} className={cn(controlClass(frame.error), "appearance-auto")}>
          {children}
        </select>
      )}
    />
  );
}

export function CheckboxField(
  props: FieldFrame & Omit<ComponentProps<"input">, "name" | "id" | "className" | "type">,
) {
  const [frame, input] = splitFrame(props);
  const id = fieldId(frame.formId, frame.name);
  return (
    <div className={frame.className}>
      <div className="flex items-start gap-3">
        <input
          {...input}
          {...controlProps(id, frame)}
          type="checkbox"
          className="mt-1 size-6 shrink-0 accent-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
        <div>
          <label htmlFor={id} className="text-base">
            {frame.label}
          </label>
          <Hint id={id} hint={frame.hint} />
        </div>
      </div>
      <FieldError id={id} error={frame.error} />
    </div>
  );
}

/** One of a radio group's choices: its value, its words, and more under them when it needs saying. */
export type RadioOption = { value: string; label: ReactNode; hint?: ReactNode };

/** A choice's input id: the first carries the group's id, so an error links to it. */
const choiceId = (id: string, index: number) => (index === 0 ? id : `${id}-${index}`);

/** The frame of a group of choices: a fieldset named by its legend, its hint, its error. */
function ChoiceFieldset({
  id,
  label,
  hint,
  error,
  className,
  children,
}: Pick<FieldFrame, "label" | "hint" | "error" | "className"> & {
  id: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={className} aria-describedby={describedBy(id, hint, error)}>
      <legend className="text-lg font-semibold">{label}</legend>
      <Hint id={id} hint={hint} />
      {children}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/**
 * A choice of one among a few, as radio buttons sharing one name, in a
 * fieldset named by its legend; each choice may say more under its label.
 * `inline` sets short choices (Up, Down) side by side. The first button
 * carries the group's id, so an error links to it.
 */
export function RadioGroupField({
  formId,
  name,
  label,
  hint,
  error,
  options,
  defaultValue,
  autoFocus,
  inline = false,
  className,
}: Omit<FieldFrame, "optional" | "conditional"> & {
  options: readonly RadioOption[];
  defaultValue: string;
  autoFocus?: boolean;
  inline?: boolean;
}) {
  const id = fieldId(formId, name);
  return (
    <ChoiceFieldset id={id} label={label} hint={hint} error={error} className={className}>
      <div className={cn("mt-2", inline ? "flex flex-wrap gap-x-6" : "space-y-1")}>
        {options.map((option, index) => {
          const optionId = choiceId(id, index);
          return (
            <div key={option.value} className="flex min-h-11 items-start gap-3">
              <input
                id={optionId}
                type="radio"
                name={name}
                value={option.value}
                defaultChecked={defaultValue === option.value}
                aria-describedby={option.hint ? hintId(optionId) : undefined}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the first problem of a refused post
                autoFocus={autoFocus && index === 0}
                className="mt-2.5 size-6 shrink-0 accent-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
              />
              <div className="min-w-0 py-2">
                <label htmlFor={optionId} className="text-base font-semibold">
                  {option.label}
                </label>
                {option.hint ? (
                  <p id={hintId(optionId)} className="text-muted-foreground">
                    {option.hint}
                  </p>
                ) : null}
              </div>
            </div>
          );
        })}
      </div>
    </ChoiceFieldset>
  );
}

/**
 * A field people never see or reach (off-screen, hidden from assistive
 * technology, skipped by Tab); automated spam fills it in and gives itself away.
 */
export function HoneypotField({ name }: { name: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Leave this empty
        <input type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/**
 * The problems with a post, announced as soon as they show (role="alert"),
 * each linked to its field.
 */
export function ErrorSummary({
  formId,
  message,
  errors,
  order,
  labels,
}: {
  formId: string;
  message: string | null;
  errors: Partial<Record<string, string>>;
  order: readonly string[];
  labels: Partial<Record<string, string>>;
}) {
  const listed = order.filter((field) => errors[field]);
  if (!message && listed.length === 0) return null;
  return (
    <div
      role="alert"
      className="border-l-4 border-destructive bg-destructive/10 p-5 text-foreground"
      data-testid="error-summary"
    >
      <p className="flex items-start gap-2 text-lg font-semibold">
        <AlertCircleIcon aria-hidden="true" className="mt-1 size-5 shrink-0 text-destructive" />
        <span>{message ?? "Please check your answers and send again."}</span>
      </p>
      {listed.length > 0 ? (
        <ul className="mt-3 list-disc space-y-1 pl-12">
          {listed.map((field) => (
            <li key={field}>
              <a
                href={`#${fieldId(formId, field)}`}
                className="inline-block py-1 underline underline-offset-4 hover:text-primary"
              >
                {labels[field] ? `${labels[field]}: ` : ""}
                {errors[field]}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A group of tick boxes sharing one name, in a fieldset named by its legend
 * (the form posts the ticked values; `defaultValue` lists them joined by
 * commas). The first box carries the group's id, so an error links to it.
 */
export function CheckboxGroupField({
  formId,
  name,
  label,
  hint,
  error,
  options,
  defaultValue,
  autoFocus,
  className,
}: Omit<FieldFrame, "optional"> & {
  options: readonly { value: string; label: ReactNode }[];
  defaultValue: string;
  autoFocus?: boolean;
}) {
  const id = fieldId(formId, name);
  const ticked = new Set(defaultValue.split(","));
  return (
    <ChoiceFieldset id={id} label={label} hint={hint} error={error} className={className}>
      <div className="mt-2 grid gap-x-6 sm:grid-cols-2">
        {options.map((option, index) => {
          const optionId = choiceId(id, index);
          return (
            <div key={option.value} className="flex min-h-11 items-center gap-3">
              <input
                id={optionId}
                type="checkbox"
                name={name}
                value={option.value}
                defaultChecked={ticked.has(option.value)}
                aria-invalid={error ? true : undefined}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the first problem of a refused post
                autoFocus={autoFocus && index === 0}
                className="size-6 shrink-0 accent-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
              />
              <label htmlFor={optionId} className="py-2 text-base">
                {option.label}
              </label>
            </div>
          );
        })}
      </div>
    </ChoiceFieldset>
  );
}
