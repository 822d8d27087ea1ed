import { LoaderCircleIcon } from "lucide-react";
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type FocusEvent,
  type FormEvent,
  type ReactNode,
} from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { Button } from "~/platform/ui/button";
import { ErrorSummary, fieldId } from "./form-fields";
import { useHydrated } from "~/platform/use-hydrated";
import {
  answerFor,
  checkAnswersMessage,
  checkForm,
  formValues,
  type CheckedFormData,
  type FieldErrors,
  type FormValues,
} from "~/platform/forms/form-check";
import { FORM_ID_FIELD, postedBy, type FormSpec } from "./form-spec";

/**
 * After a send, further presses are taken for the same one until the router
 * reports the post under way (then `pending` holds them), or for this long
 * at most.
 */
const RESEND_GUARD_MS = 1_000;

/** Checks a form's values; loaded on first use, so people who only read the page never fetch the rules. */
type Validator<Field extends string> = (values: FormValues<Field>) => FieldErrors<Field>;

type FormState<Field extends string> = {
  /** The errors by the fields, kept current as the person edits. */
  errors: FieldErrors<Field>;
  /**
   * The summary above the form, as of the last send or answer from the
   * server. It changes only then, so a screen reader does not hear the alert
   * again with every keystroke, and the server's word (a rate limit, an
   * outage) stays until the next send. Once there is one, every field's error
   * shows, not only those of the fields the person has left.
   */
  summary: { message: string | null; errors: FieldErrors<Field> } | null;
};

/** The form as an answer from the server left it (none yet: nothing shown). */
function fromServer<Field extends string>(
  data: CheckedFormData<Field> | undefined,
): FormState<Field> {
  return {
    errors: data?.errors ?? {},
    summary: data ? { message: data.formError, errors: data.errors } : null,
  };
}

/** What a field component needs from its form. */
export type BoundField = {
  formId: string;
  name: string;
  error: string | undefined;
  autoFocus: boolean;
  defaultValue: string;
};

/** A bound field as a checkbox: ticked when the post had it ticked (or, first time, when `initial`). */
export function checkbox({ defaultValue, ...field }: BoundField) {
  return { ...field, defaultChecked: defaultValue === "on" };
}

export type CheckedFormProps<Field extends string, Context = void> = {
  /** The form: its id, fields, labels and rules (loaded when the form is first used). */
  form: FormSpec<Field, z.ZodType, Context>;
  /** What the form's rules are made for (today's date, the spaces on offer), when they need it. */
  rulesContext?: Context;
  /** The id of the heading that names the form, when there is one. */
  titleId?: string;
  /** The form's name, when no heading names it. */
  label?: string;
  /** The route's action data: the form shows the answer given to its own last post. */
  actionData: unknown;
  /** What the fields hold before any post: the saved values when editing. */
  initialValues?: Partial<FormValues<Field>>;
  /** The fields' names in the summary of problems, when the form's own declaration has none. */
  labels?: Partial<Record<Field, string>>;
  action?: string;
  encType?: ComponentProps<typeof Form>["encType"];
  /** Hidden inputs and anything else that goes first in the form. */
  hidden?: ReactNode;
  /** What goes between the fields and the button (notices, consent, a spam check). */
  footer?: (field: (name: Field) => BoundField) => ReactNode;
  submitLabel: string;
  submitIcon: ReactNode;
  pendingLabel: string;
  /** Further buttons or links beside the send button. */
  actions?: ReactNode;
  /**
   * The field that takes focus after an answer from the server that names no
   * field (a wrong password: the password, to type again), instead of the summary.
   */
  refocus?: Field;
  /** Fields emptied whenever the server answers (a password is never sent back). */
  clearOnAnswer?: readonly Field[];
  /** Classes for the send button (a form alone on its page fills the width). */
  submitClassName?: string;
  /**
   * Whether the browser's own checks (a required field, an email's shape)
   * run when scripts have not: off for the forms whose every refusal should
   * come in the site's words, from the server.
   */
  browserChecks?: boolean;
  className?: string;
  /** The form's own fields; `field(name)` gives each its id, error, value and focus. */
  children: (field: (name: Field) => BoundField) => ReactNode;
};

/**
 * A form that works as a plain post and gets better with JavaScript: each
 * field is checked when the person leaves it, the whole form before it is
 * sent, the first problem takes focus, and the button says it is sending. The
 * server checks everything again with the same rules and has the last word.
 */
export function CheckedForm<Field extends string, Context = void>({
  form: spec,
  rulesContext,
  titleId,
  label,
  actionData: routeAnswer,
  initialValues,
  labels: givenLabels,
  action,
  encType,
  hidden,
  footer,
  submitLabel,
  submitIcon,
  pendingLabel,
  actions,
  refocus,
  clearOnAnswer = [],
  submitClassName,
  browserChecks = true,
  className,
  children,
}: CheckedFormProps<Field, Context>) {
  const { id, fields, lists, verb: retryVerb = "send" } = spec;
  const labels = spec.labels ?? givenLabels ?? {};
  const actionData = answerFor<Field>(id, routeAnswer);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const validator = useRef<Validator<Field> | null>(null);
  const touched = useRef(new Set<string>());
  const pointerDown = useRef(false);
  const waitingForRules = useRef(false);
  const sentAt = useRef(Number.NEGATIVE_INFINITY);
  // The router has taken the post over (or finished with it): `pending` says the rest.
  useEffect(() => {
    sentAt.current = Number.NEGATIVE_INFINITY;
  }, [navigation.state]);

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
  // Sent, and the router not done with it (it holds the post's data only
  // then): submitting, then loading the page the post redirected to, which
  // may come back before a double-click's second press.
  const underWay = navigation.formData !== undefined && postedBy(spec, navigation.formData);
  const pending = underWay && navigation.state === "submitting";

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
    } else {
      setState(fromServer(undefined));
    }
  }

  useEffect(() => {
    if (focusRequest === 0) return;
    const first = fields.find((field) => state.errors[field]) ?? (answered ? refocus : undefined);
    const target = first ? document.getElementById(fieldId(id, first)) : summaryRef.current;
    target?.focus();
    // Only a new request moves focus, not every change of the errors.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  // What the server never sends back is not left in the form either.
  useEffect(() => {
    if (!answered) return;
    for (const field of clearOnAnswer) {
      const input = document.getElementById(fieldId(id, field));
      if (input instanceof HTMLInputElement) input.value = "";
    }
    // Only a new answer empties them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answered]);

  // The rules for what the page showed when they were first needed (today's date, the spaces on offer).
  const ensureValidator = useCallback(() => {
    if (validator.current) return Promise.resolve(validator.current);
    return spec.rules(rulesContext as Context).then((schema): Validator<Field> => {
      validator.current = (values) => {
        const checked = checkForm<z.ZodType, Field>(schema, values);
        return checked.ok ? {} : checked.errors;
      };
      return validator.current;
    });
  }, [spec, rulesContext]);

  function check(): FieldErrors<Field> | null {
    const form = formRef.current;
    if (!form || !validator.current) return null;
    return validator.current(formValues(new FormData(form), fields, lists));
  }

  /** Re-checks the fields the person has been through (all of them after a send). */
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
    // Leaving a field for a submit button: the send checks everything.
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
    // person is clicking (a checkbox, a link) from under the pointer before
    // the click lands. Wait until the click is done.
    if (pointerDown.current) {
      window.addEventListener("pointerup", () => setTimeout(show, 0), { once: true });
    } else show();
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as { name?: unknown }).name;
    // A shown error goes away as soon as it is fixed.
    if (typeof name === "string" && (state.errors[name as Field] || state.summary)) recheck();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // The router's state says a post is under way only after React has
    // rendered again: a double-click's second press can come before that.
    if (underWay || performance.now() - sentAt.current < RESEND_GUARD_MS) {
      event.preventDefault();
      return;
    }
    // A button marked `formNoValidate` (an editor's "insert", which only
    // fills in the form again) is sent as the form stands, as without scripts.
    if ((event.nativeEvent as SubmitEvent).submitter?.hasAttribute("formnovalidate")) {
      sentAt.current = performance.now();
      return;
    }
    const found = check();
    if (!found) {
      // Sent before the rules have loaded (nothing was focused): load them,
      // then send again through this same check, once however many presses
      // came meanwhile.
      event.preventDefault();
      if (waitingForRules.current) return;
      waitingForRules.current = true;
      const form = event.currentTarget;
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      void ensureValidator()
        .then(
          () => form.requestSubmit(submitter),
          // Without the rules the server checks the post on its own.
          () => form.submit(),
        )
        .finally(() => (waitingForRules.current = false));
      return;
    }
    const count = Object.keys(found).length;
    if (count === 0) {
      // On its way: the last summary no longer applies.
      sentAt.current = performance.now();
      setState((current) => ({ ...current, summary: null }));
      return;
    }
    event.preventDefault();
    setState({
      errors: found,
      summary: { message: checkAnswersMessage(count, retryVerb), errors: found },
    });
    setFocusRequest((request) => request + 1);
  }

  const values: Partial<FormValues<Field>> = actionData?.values ?? initialValues ?? {};
  // After a post answered without scripts, the browser focuses the first
  // problem as the page loads (with scripts, the effect above does it).
  const firstError = actionData
    ? (fields.find((field) => state.errors[field]) ?? refocus)
    : undefined;
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
      action={action}
      encType={encType}
      // With scripts, the form's own checks speak; without, the browser's and the server's.
      noValidate={hydrated || !browserChecks}
      aria-labelledby={titleId}
      aria-label={titleId ? undefined : label}
      onFocus={() => void ensureValidator()}
      onBlur={onBlur}
      onChange={onChange}
      onSubmit={onSubmit}
      className={className ?? "relative space-y-7"}
    >
      <input type="hidden" name={FORM_ID_FIELD} value={id} />
      {hidden}
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
      {footer?.(field)}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          size="form"
          className={submitClassName}
          // Presses are not taken until the router is done with the post:
          // while it is sent, and while the page loads after it (its answer
          // may be on the page already, and a press then would be refused).
          aria-disabled={underWay || undefined}
        >
          {pending ? (
            <>
              <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
              {pendingLabel}
            </>
          ) : (
            <>
              {submitIcon}
              {submitLabel}
            </>
          )}
        </Button>
        {actions}
      </div>
      {/* The button's new words are not announced; this is. */}
      <p role="status" className="sr-only">
        {pending ? pendingLabel : ""}
      </p>
    </Form>
  );
}
