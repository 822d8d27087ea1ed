import {
  ArrowDownIcon,
  ArrowLeftIcon,
  ArrowUpIcon,
  ChevronRightIcon,
  PlusIcon,
  SaveIcon,
  Trash2Icon,
} from "lucide-react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { Form } from "react-router";
import { Button, buttonVariants } from "~/platform/ui/button";
import { CheckedForm, type CheckedFormProps, type Validator } from "~/platform/ui/checked-form";
import { Link } from "~/platform/ui/link";
import { cn } from "~/platform/cn";
import type { CheckedFormData } from "~/platform/form-check";

/** The pieces every staff editor's pages share, so they look and behave alike. */

/** The intent of a delete that asks first, and of the one that means it. */
export const DELETE_INTENT = "delete";
export const CONFIRM_FIELD = "confirm";

/** Whether an editor's action answered by asking to confirm a delete. */
export function asksToConfirmDelete(actionData: unknown): boolean {
  return typeof actionData === "object" && actionData !== null && "confirmDelete" in actionData;
}

/**
 * What an editor's action answered, for its page: the form given back (a
 * refusal, or the database out of reach) and whether Delete asks to confirm.
 */
export function editorAnswer<Field extends string>(
  actionData: unknown,
): { form: CheckedFormData<Field> | undefined; confirmingDelete: boolean } {
  const form =
    typeof actionData === "object" &&
    actionData !== null &&
    "values" in actionData &&
    "errors" in actionData
      ? (actionData as CheckedFormData<Field>)
      : undefined;
  return { form, confirmingDelete: asksToConfirmDelete(actionData) };
}

/**
 * A staff editor's form: a checked form whose button saves, showing the save
 * icon (unless given another) and "Saving…" while it does.
 */
export function EditorForm<Field extends string>(
  props: Omit<CheckedFormProps<Field>, "retryVerb" | "pendingLabel" | "submitIcon"> & {
    submitIcon?: ReactNode;
  },
) {
  return (
    <CheckedForm<Field>
      retryVerb="save"
      pendingLabel="Saving…"
      {...props}
      submitIcon={props.submitIcon ?? <SaveIcon aria-hidden="true" />}
    />
  );
}

/**
 * The browser's check of an editor's form by its schema, loaded only when the
 * form first needs it, so zod stays out of the page's first scripts.
 */
export function schemaValidator<Field extends string>(
  loadSchema: () => Promise<z.ZodType>,
): () => Promise<Validator<Field>> {
  return () =>
    Promise.all([loadSchema(), import("~/platform/form-check")]).then(
      ([schema, check]) =>
        (values) => {
          const checked = check.checkForm<z.ZodType, Field>(schema, values);
          return checked.ok ? {} : checked.errors;
        },
    );
}

/** The intents of a list's move buttons. */
export const MOVE_UP = "move-up";
export const MOVE_DOWN = "move-down";

/**
 * A row's "move up" and "move down" buttons, for inside the row's own form
 * (which carries what to move); the first row cannot go up, the last not down.
 */
export function MoveButtons({
  name,
  first,
  last,
}: {
  name: string;
  first: boolean;
  last: boolean;
}) {
  return (
    <>
      <Button
        type="submit"
        name="intent"
        value={MOVE_UP}
        variant="ghost"
        size="icon"
        disabled={first}
        aria-label={`Move ${name} up`}
      >
        <ArrowUpIcon aria-hidden="true" />
      </Button>
      <Button
        type="submit"
        name="intent"
        value={MOVE_DOWN}
        variant="ghost"
        size="icon"
        disabled={last}
        aria-label={`Move ${name} down`}
      >
        <ArrowDownIcon aria-hidden="true" />
      </Button>
    </>
  );
}

/** A section's page title, what it is for, and its main action ("Add an event"). */
export function EditorHeading({
  title,
  intro,
  addTo,
  addLabel,
}: {
  title: string;
  intro?: ReactNode;
  addTo?: string;
  addLabel?: string;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-4xl tracking-tight">{title}</h1>
        {intro ? <p className="mt-2 text-lg text-pretty text-muted-foreground">{intro}</p> : null}
      </div>
      {addTo && addLabel ? (
        <Link to={addTo} className={cn(buttonVariants(), "w-full sm:w-auto")}>
          <PlusIcon aria-hidden="true" />
          {addLabel}
        </Link>
      ) : null}
    </div>
  );
}

/** Back to the list a page was opened from. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-2 font-semibold text-primary underline-offset-4 hover:underline"
    >
      <ArrowLeftIcon aria-hidden="true" className="size-5" />
      {children}
    </Link>
  );
}

/** A small label beside an entry: hidden, unavailable, cancelled. */
export function StatusBadge({
  tone = "muted",
  children,
}: {
  tone?: "muted" | "warning";
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center px-2 py-0.5 text-sm font-semibold",
        tone === "warning"
          ? "bg-destructive/15 text-destructive"
          : "border border-border text-muted-foreground",
      )}
    >
      {children}
    </span>
  );
}

/** A list of entries, each a link to its editor. */
export function EditorList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="mt-6 divide-y divide-border border-y border-border">
      {children}
    </ul>
  );
}

/** One entry: its name links to its editor; details and badges follow. */
export function EditorListItem({
  to,
  title,
  details,
  badges,
}: {
  to: string;
  title: ReactNode;
  details?: ReactNode;
  badges?: ReactNode;
}) {
  return (
    <li>
      <Link
        to={to}
        className="group flex min-h-14 items-center gap-3 py-3 hover:bg-muted/60 sm:px-2"
      >
        <span className="min-w-0 flex-1">
          <span className="block text-lg font-semibold break-words text-foreground underline-offset-4 group-hover:underline">
            {title}
          </span>
          {details ? <span className="mt-0.5 block text-muted-foreground">{details}</span> : null}
          {badges ? <span className="mt-1.5 flex flex-wrap gap-2">{badges}</span> : null}
        </span>
        <ChevronRightIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      </Link>
    </li>
  );
}

/**
 * Deleting asks first, the same with scripts or without: the first post
 * (no confirmation) answers with `confirming`, and the page shows the
 * question with the button that means it, focused, and a way to keep it.
 */
export function DeleteSection({
  what,
  consequence,
  confirming,
  keepTo,
}: {
  /** Names the thing, as in "Delete “Wings”?". */
  what: string;
  /** What deleting does, in a sentence. */
  consequence: string;
  confirming: boolean;
  /** Where "Keep it" goes: the page itself. */
  keepTo: string;
}) {
  return (
    <section aria-labelledby="delete-heading" className="mt-12 border-t border-border pt-8">
      <h2 id="delete-heading" className="text-2xl tracking-tight">
        Delete
      </h2>
      {confirming ? (
        <div role="alert" className="mt-4 border-l-4 border-destructive bg-destructive/10 p-5">
          <p className="text-lg font-semibold">Delete {what}?</p>
          <p className="mt-1">{consequence} Only an owner can undo it, from Recent changes.</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name={CONFIRM_FIELD} value="yes" />
              {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the answer to the question just asked */}
              <Button type="submit" name="intent" value={DELETE_INTENT} autoFocus>
                <Trash2Icon aria-hidden="true" />
                Yes, delete
              </Button>
            </Form>
            <Link to={keepTo} className={buttonVariants({ variant: "outline" })}>
              Keep it
            </Link>
          </div>
        </div>
      ) : (
        <>
          <p className="mt-2 text-muted-foreground">{consequence}</p>
          <Form method="post" className="mt-4">
            <Button type="submit" variant="outline" name="intent" value={DELETE_INTENT}>
              <Trash2Icon aria-hidden="true" />
              Delete…
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}
