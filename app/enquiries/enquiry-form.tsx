import { LoaderCircleIcon, SendIcon } from "lucide-react";
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type FormEvent,
  type ReactNode,
} from "react";
import { Form, useNavigation } from "react-router";
import { CheckboxField, ErrorSummary, HoneypotField, fieldId } from "~/components/ui/form-fields";
import { TurnstileWidget } from "./turnstile-widget";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/platform/use-hydrated";
import {
  CONSENT_WORDING,
  HONEYPOT_FIELD,
  NEWSLETTER_WORDING,
  SUBMISSION_FIELD,
  type EnquiryActionData,
  type EnquiryKind,
} from "./enquiry-fields";
import { formValues, type FieldErrors, type FormValues } from "~/platform/form-check";

/** Checks a form's values; loaded on first use, so visitors who only read the page never fetch the rules. */
export type Validator<Field extends string> = (values: FormValues<Field>) => FieldErrors<Field>;

type FormState<Field extends string> = {
  /** The errors by the fields, kept current as the visitor edits. */
  errors: FieldErrors<Field>;
  /**
   * The summary above the form, as of the last send or answer from the
   * server. It changes only then, so a screen reader does not hear the alert
   * again with every keystroke, and the server's word (a rate limit, an
   * outage) stays until the next send. Once there is one, every field's error
   * shows, not only those of the fields the visitor has left.
   */
  summary: { message: string | null; errors: FieldErrors<Field> } | null;
};

/** The form as an answer from the server left it (none yet: nothing shown). */
function fromServer<Field extends string>(
  data: EnquiryActionData<Field> | undefined,
): FormState<Field> {
  return {
    errors: data?.errors ?? {},
    summary: data ? { message: data.formError, errors: data.errors } : null,
  };
}

function countMessage(count: number): string {
  return `Please check ${count === 1 ? "1 answer" : `${count} answers`} and send again.`;
}

export type EnquiryFormProps<Field extends string> = {
  id: string;
  /** The id of the heading that names the form. */
  titleId: string;
  kind: EnquiryKind;
  fields: readonly Field[];
  /** Short field names for the error summary ("Email: …"). */
  labels: Partial<Record<Field, string>>;
  submissionToken: string;
  actionData: EnquiryActionData<Field> | undefined;
  loadValidator: () => Promise<Validator<Field>>;
  turnstileSiteKey: string | undefined;
  /** What a visitor without JavaScript can do when the spam check needs it. */
  turnstileFallback: ReactNode;
  purposeNotice: ReactNode;
  submitLabel: string;
  /** The form's own fields; `field(name)` gives each its id, error, typed value and focus. */
  children: (field: (name: Field) => BoundField) => ReactNode;
};

/** What a field component needs from its form. */
export type BoundField = {
  formId: string;
  name: string;
  error: string | undefined;
  autoFocus: boolean;
  defaultValue: string;
};

/**
 * An enquiry form that works as a plain post and gets better with
 * JavaScript: each field is checked when the visitor leaves it, the whole form
 * before it is sent, the first problem takes focus, and the button says it is
 * sending. The server checks everything again and has the last word.
 */
export function EnquiryForm<Field extends string>({
  id,
  titleId,
  kind,
  fields,
  labels,
  submissionToken,
  actionData,
  loadValidator,
  turnstileSiteKey,
  turnstileFallback,
  purposeNotice,
  submitLabel,
  children,
}: EnquiryFormProps<Field>) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const validator = useRef<Validator<Field> | null>(null);
  const touched = useRef(new Set<string>());
  const pointerDown = useRef(false);

  useEffect(() => {
    const down = () => void (pointerDown.current = true);
    const up = () => void (pointerDown.current = false);
    window.addEventListener("pointerdown", down, true);
    window.addEventListener("pointerup", up, true);
    window.addEventListener("pointercancel", up, true);
    return () => {
      window.removeEventListener("pointerdown", down, true);
      window.removeEventListener("pointerup", up, true);
      window.removeEventListener("pointercancel", up, true);
    };
  }, []);
  const token = actionData?.submissionToken ?? submissionToken;
  const pending =
    navigation.state === "submitting" && navigation.formData?.get(SUBMISSION_FIELD) === token;

  const [state, setState] = useState<FormState<Field>>(() => fromServer(actionData));
  const [focusRequest, setFocusRequest] = useState(0);

  // A new answer from the server replaces what the browser found, and its
  // first problem takes focus (state adjusted while rendering, as React advises).
  const [answered, setAnswered] = useState(actionData);
  if (actionData !== answered) {
    setAnswered(actionData);
    if (actionData) {
      setState(fromServer(actionData));
      setFocusRequest((request) => request + 1);
    }
  }

  useEffect(() => {
    if (focusRequest === 0) return;
    const first = fields.find((field) => state.errors[field]);
    const target = first ? document.getElementById(fieldId(id, first)) : summaryRef.current;
    target?.focus();
    // Only a new request moves focus, not every change of the errors.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  const ensureValidator = useCallback(() => {
    if (validator.current) return Promise.resolve(validator.current);
    return loadValidator().then((loaded) => (validator.current = loaded));
  }, [loadValidator]);

  function check(): FieldErrors<Field> | null {
    const form = formRef.current;
    if (!form || !validator.current) return null;
    return validator.current(formValues(new FormData(form), fields));
  }

  /** Re-checks the fields the visitor has been through (all of them after a send). */
  function recheck() {
    const found = check();
    if (!found) return;
    setState((current) => {
      const errors: FieldErrors<Field> = {};
      for (const field of fields) {
        if (found[field] && (current.summary || touched.current.has(field))) {
          errors[field] = found[field];
        }
      }
      return { ...current, errors };
    });
  }

  function onBlur(event: FocusEvent<HTMLFormElement>) {
    // Leaving a field for the Send button: the send checks everything.
    const next = event.relatedTarget as HTMLElement | null;
    if (next instanceof HTMLButtonElement && next.type === "submit") return;
    const name = (event.target as { name?: unknown }).name;
    if (typeof name !== "string" || !fields.includes(name as Field)) return;
    const value = (event.target as { value?: unknown }).value;
    // Leaving an empty field untouched is not a mistake yet.
    if (value === "" && !state.errors[name as Field]) return;
    touched.current.add(name);
    const show = () => void ensureValidator().then(recheck);
    // Focus leaves on pointer down; an error shown then would move what the
    // visitor is clicking (a checkbox, a link) from under the pointer before
    // the click lands. Wait until the click is done.
    if (pointerDown.current) {
      window.addEventListener("pointerup", () => setTimeout(show, 0), { once: true });
    } else show();
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as { name?: unknown }).name;
    // A shown error goes away as soon as the visitor has fixed it.
    if (typeof name === "string" && (state.errors[name as Field] || state.summary)) recheck();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (pending) {
      event.preventDefault();
      return;
    }
    const found = check();
    if (!found) {
      // Sent before the rules have loaded (nothing was focused): load them,
      // then send again through this same check.
      event.preventDefault();
      const form = event.currentTarget;
      void ensureValidator().then(
        () => form.requestSubmit(),
        // Without the rules the server checks the post on its own.
        () => form.submit(),
      );
      return;
    }
    const count = Object.keys(found).length;
    if (count === 0) {
      // On its way: the last summary no longer applies.
      setState((current) => ({ ...current, summary: null }));
      return;
    }
    event.preventDefault();
    setState({ errors: found, summary: { message: countMessage(count), errors: found } });
    setFocusRequest((request) => request + 1);
  }

  const values: Partial<FormValues<Field>> = actionData?.values ?? {};
  // After a post answered without scripts, the browser focuses the first
  // problem as the page loads (with scripts, the effect above does it).
  const firstError = actionData ? fields.find((field) => state.errors[field]) : undefined;
  const field = (name: Field): BoundField => ({
    formId: id,
    name,
    error: state.errors[name],
    autoFocus: name === firstError,
    defaultValue: values[name] ?? "",
  });

  return (
    <Form
      ref={formRef}
      id={id}
      method="post"
      // With scripts, the form's own checks speak; without, the browser's and the server's.
      noValidate={hydrated}
      aria-labelledby={titleId}
      onFocus={() => void ensureValidator()}
      onBlur={onBlur}
      onChange={onChange}
      onSubmit={onSubmit}
      className="relative space-y-7"
    >
      <input type="hidden" name={SUBMISSION_FIELD} value={token} />
      <HoneypotField name={HONEYPOT_FIELD} />
      {state.summary ? (
        <div
          ref={summaryRef}
          tabIndex={-1}
          className="outline-none"
          // A problem with the whole post (no field to point at) is focused instead.
          // eslint-disable-next-line jsx-a11y/no-autofocus -- moves focus to the reason a post failed
          autoFocus={Boolean(actionData && !firstError && state.summary.message)}
        >
          <ErrorSummary
            formId={id}
            message={state.summary.message}
            errors={state.summary.errors}
            order={fields}
            labels={labels}
          />
        </div>
      ) : null}
      {children(field)}
      <div className="border-t border-border pt-6 text-muted-foreground">{purposeNotice}</div>
      <CheckboxField {...checkbox(field("consent" as Field))} label={CONSENT_WORDING} />
      <CheckboxField
        {...checkbox(field("newsletter" as Field))}
        optional
        label={NEWSLETTER_WORDING}
        hint="Optional, and separate from your enquiry."
      />
      {turnstileSiteKey ? (
        <TurnstileWidget
          siteKey={turnstileSiteKey}
          action={kind}
          fallback={turnstileFallback}
          resetKey={actionData}
        />
      ) : null}
      <Button type="submit" size="lg" aria-disabled={pending || undefined}>
        {pending ? (
          <>
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
            Sending…
          </>
        ) : (
          <>
            <SendIcon aria-hidden="true" />
            {submitLabel}
          </>
        )}
      </Button>
      {/* The button's new words are not announced; this is. */}
      <p role="status" className="sr-only">
        {pending ? "Sending…" : ""}
      </p>
    </Form>
  );
}

/** A bound field as a checkbox: ticked when the post had it ticked. */
function checkbox({ defaultValue, ...field }: BoundField) {
  return { ...field, defaultChecked: defaultValue === "on" };
}

/** "a year", "2 years", "6 months", "90 days": how long enquiries are kept. */
export function describeRetention(days: number): string {
  if (days % 365 === 0) return days === 365 ? "a year" : `${days / 365} years`;
  if (days % 30 === 0) return days === 30 ? "a month" : `${days / 30} months`;
  return days === 1 ? "a day" : `${days} days`;
}

/** What the data is for, who sees it and how long it is kept, at the form (PIPEDA). */
export function PurposeNotice({
  retentionDays,
  children,
}: {
  retentionDays: number;
  children: ReactNode;
}) {
  return (
    <p className="text-sm leading-relaxed">
      <span className="font-semibold text-foreground">How we use your details.</span> {children}{" "}
      Only the pub’s staff read it. We keep it for {describeRetention(retentionDays)}, then delete
      it, and we never sell or share it. The newsletter is separate: we write to you only if you
      tick its box, and you can stop it at any time. To see or delete what we hold about you, email
      or call us.
    </p>
  );
}
