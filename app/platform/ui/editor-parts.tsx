import {
  ArrowDownIcon,
  ArrowLeftIcon,
  ArrowUpDownIcon,
  ArrowUpIcon,
  CheckIcon,
  ChevronRightIcon,
  PlusIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button, buttonVariants } from "./button";
import { Link } from "./link";
import { cn } from "~/platform/cn";
import { reorderPath } from "./reorder-mode";

/**
 * The parts the staff pages are made of, so they look and behave alike: a
 * page's heading with its main action, the way back to a list, a list of
 * rows that each link to their editor, a row's badges, and reorder mode with
 * its move buttons.
 */

/** The intents of a list's move buttons. */
export const MOVE_UP = "move-up";
export const MOVE_DOWN = "move-down";

/**
 * A list page's smaller actions (reorder, download): button-like links that
 * on a narrow phone wrap their words rather than push the page sideways.
 */
export const listActionClass = (variant: "default" | "outline" = "outline") =>
  buttonVariants({ variant, size: "action" });

/**
 * The way into a list's reorder mode ("Reorder the specials") and back out
 * of it ("Done reordering").
 */
export function ReorderLink({
  path,
  reordering,
  label,
}: {
  /** The list page's address, without its query. */
  path: string;
  reordering: boolean;
  /** The way in, in words: "Reorder the specials". */
  label: string;
}) {
  return reordering ? (
    <Link to={path} className={listActionClass("default")}>
      <CheckIcon aria-hidden="true" />
      Done reordering
    </Link>
  ) : (
    <Link to={reorderPath(path)} className={listActionClass()}>
      <ArrowUpDownIcon aria-hidden="true" />
      {label}
    </Link>
  );
}

/**
 * A list page's heading where the list has a reorder mode: the title and
 * sentence of each mode, the add button outside reorder mode, and the way in
 * and out of reorder mode, with the page's other tools (`children`) beside
 * it outside reorder mode.
 */
export function ReorderableHeading({
  path,
  reordering,
  title,
  intro,
  reorder,
  add,
  children,
}: {
  /** The list page's address, without its query. */
  path: string;
  reordering: boolean;
  title: string;
  intro: ReactNode;
  /** Reorder mode's title, sentence and way in ("Reorder the specials"). */
  reorder: { title: string; intro: ReactNode; label: string };
  add?: { to: string; label: string };
  children?: ReactNode;
}) {
  return (
    <>
      <EditorHeading
        title={reordering ? reorder.title : title}
        intro={reordering ? reorder.intro : intro}
        addTo={reordering ? undefined : add?.to}
        addLabel={reordering ? undefined : add?.label}
      />
      <div className="mt-4 flex flex-wrap gap-3">
        <ReorderLink path={path} reordering={reordering} label={reorder.label} />
        {reordering ? null : children}
      </div>
    </>
  );
}

/**
 * A row in reorder mode: its name and its move buttons (posted to `path`'s
 * reorder mode), nothing else to tap. `id` is the place the page comes back
 * to after a move.
 */
export function ReorderRow({
  id,
  path,
  name,
  hidden = false,
  fields,
  first,
  last,
}: {
  id: string;
  /** The list page's address, without its query. */
  path: string;
  name: string;
  /** Kept from visitors: said after the name. */
  hidden?: boolean;
  /** The row, as its move buttons post it: its id, and its list where a page has several. */
  fields: Readonly<Record<string, string | number>>;
  first: boolean;
  last: boolean;
}) {
  return (
    <li id={id} className="flex scroll-mt-36 items-center gap-3 py-2">
      <span className="min-w-0 flex-1 text-lg font-semibold break-words">
        {name}
        {hidden ? <span className="font-normal text-muted-foreground"> (hidden)</span> : null}
      </span>
      <MoveForm
        action={reorderPath(path)}
        variant="outline"
        fields={fields}
        name={name}
        first={first}
        last={last}
      />
    </li>
  );
}

const MOVES = [
  { intent: MOVE_UP, word: "up", Icon: ArrowUpIcon },
  { intent: MOVE_DOWN, word: "down", Icon: ArrowDownIcon },
] as const;

/**
 * A row's "move up" and "move down" buttons, in the form that posts them
 * (`fields` name the row: its list and id). The ends can still be pressed
 * and say so ("“Wings” is already first"), so focus stays on the button
 * while a row is moved along; a second press while a move is on its way
 * waits for it.
 */
export function MoveForm({
  fields,
  name,
  first,
  last,
  action,
  variant = "ghost",
}: {
  fields: Readonly<Record<string, string | number>>;
  /** The row's name as the buttons read it out: "Move “Wings” up". */
  name: string;
  first: boolean;
  last: boolean;
  /** Where the moves post, when not the page's own address. */
  action?: string;
  variant?: "ghost" | "outline";
}) {
  const pending = useNavigation().state === "submitting";
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      className="flex shrink-0 gap-1"
      onSubmit={(event) => {
        if (pending) event.preventDefault();
      }}
    >
      {Object.entries(fields).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      {MOVES.map(({ intent, word, Icon }) => {
        const atEnd = intent === MOVE_UP ? first : last;
        return (
          <Button
            key={intent}
            type="submit"
            name="intent"
            value={intent}
            variant={variant}
            size="icon"
            aria-label={`Move “${name}” ${word}`}
            aria-disabled={atEnd || undefined}
            className="aria-disabled:opacity-40"
          >
            <Icon aria-hidden="true" />
          </Button>
        );
      })}
    </Form>
  );
}

/** A section's page title, what it is for, and its main action ("Add an event"). */
export function EditorHeading({
  title,
  titleId,
  intro,
  addTo,
  addLabel,
}: {
  title: string;
  /** The heading's id, for a form it names. */
  titleId?: string;
  intro?: ReactNode;
  addTo?: string;
  addLabel?: string;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 id={titleId} className="text-4xl tracking-tight break-words">
          {title}
        </h1>
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

/**
 * A part of a staff page under its own heading (a list of the page's rows):
 * what it is for, its rows, and a way to add one after them.
 */
export function EditorSection({
  id,
  title,
  intro,
  add,
  children,
}: {
  /** Names the heading (`${id}-heading`), which names the section. */
  id: string;
  title: string;
  intro?: ReactNode;
  add?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-10">
      <h2 id={`${id}-heading`} className="text-2xl tracking-tight">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-muted-foreground">{intro}</p> : null}
      {children}
      {add ? (
        <Link
          to={add.to}
          className={cn(buttonVariants({ variant: "outline" }), "mt-4 w-full sm:w-auto")}
        >
          <PlusIcon aria-hidden="true" />
          {add.label}
        </Link>
      ) : null}
    </section>
  );
}

/**
 * A row still as the sample content has it (invented, not yet the pub's):
 * saving it from its form keeps it, or the area's clean slate removes it.
 */
export function SampleBadge() {
  return <StatusBadge tone="warning">Sample</StatusBadge>;
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

/**
 * One entry: its name links to its editor; details and badges follow. `id`
 * is its place on the page, which a save comes back to.
 */
export function EditorListItem({
  id,
  to,
  title,
  details,
  detailsClassName,
  badges,
}: {
  id?: string;
  to: string;
  title: ReactNode;
  details?: ReactNode;
  /** How the details are set, instead of as a block ("line-clamp-2": cut to two lines). */
  detailsClassName?: string;
  badges?: ReactNode;
}) {
  return (
    <li id={id} className="scroll-mt-28">
      <Link
        to={to}
        className="group flex min-h-14 items-center gap-3 py-3 hover:bg-muted/60 sm:px-2"
      >
        <span className="min-w-0 flex-1">
          <span className="block text-lg font-semibold break-words text-foreground underline-offset-4 group-hover:underline">
            {title}
          </span>
          {details ? (
            <span className={cn("mt-0.5 text-muted-foreground", detailsClassName ?? "block")}>
              {details}
            </span>
          ) : null}
          {badges ? <span className="mt-1.5 flex flex-wrap gap-2">{badges}</span> : null}
        </span>
        <ChevronRightIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      </Link>
    </li>
  );
}
