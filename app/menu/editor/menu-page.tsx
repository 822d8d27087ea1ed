import { DownloadIcon, PlusIcon, SearchIcon, UploadIcon } from "lucide-react";
import { useState, type ChangeEvent } from "react";
import { Form, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/platform/ui/button";
import { Link } from "~/platform/ui/link";
import { cn } from "~/platform/cn";
import { useHydrated } from "~/platform/use-hydrated";
import {
  listActionClass,
  MoveForm,
  ReorderableHeading,
  ReorderRow,
  SampleBadge,
  StatusBadge,
} from "~/platform/ui/editor-parts";
import type { Availability } from "~/menu/menu";
import {
  AVAILABILITY_INTENTS,
  AVAILABILITY_WORDS,
  findItems,
  itemAnchor,
  itemPriceLine,
  sectionAnchor,
  staffMenuPath,
  STAFF_MENU_QUERY_MAX,
  type EditorItem,
  type EditorMenu,
  type StaffMenuView,
} from "./menu-editor";

/** The intent and row of the post on its way, if any. */
function usePendingPost() {
  const navigation = useNavigation();
  const form = navigation.state === "submitting" ? navigation.formData : undefined;
  return {
    intent: form?.get("intent"),
    item: form?.get("item"),
    section: form?.get("section"),
  };
}

/** The list's address; reorder mode is `?reorder=1` on it. */
const MENU_PATH = "/staff/menu";
/** Where a section's prices change at once. */
const PRICES_PATH = "/staff/menu/prices";

/** What each availability button says, and to whom it is read out. */
const AVAILABILITY_BUTTONS = {
  "mark-available": { label: "Available again", spoken: "Mark available again" },
  "mark-not-today": { label: "Not available today", spoken: "Mark not available today" },
  "mark-off-menu": { label: "Off the menu", spoken: "Take off the menu" },
} as const;

/**
 * The taps of a busy night: out for today (back at 4 am by itself), off the
 * menu until put back, or available again. The search shown stays.
 */
function AvailabilityButtons({
  item,
  availability,
  action,
}: {
  item: EditorItem;
  availability: Availability;
  action: string;
}) {
  const intents =
    availability === "available"
      ? (["mark-not-today", "mark-off-menu"] as const)
      : availability === "not-today"
        ? (["mark-available", "mark-off-menu"] as const)
        : (["mark-available", "mark-not-today"] as const);
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      className="flex w-36 shrink-0 flex-col gap-2 sm:w-auto"
    >
      <input type="hidden" name="item" value={item.id} />
      {/* Plain words and no icon: the page has ninety of these, and stays quick to send. */}
      {intents.map((intent, index) => (
        <button
          key={intent}
          type="submit"
          name="intent"
          value={intent}
          aria-label={`${AVAILABILITY_BUTTONS[intent].spoken}: ${item.name}`}
          className={cn(
            "min-h-11 w-full border-2 px-3 py-1.5 text-left text-base leading-tight font-semibold transition-colors select-none",
            intent === "mark-available"
              ? "border-primary bg-primary text-primary-foreground hover:bg-primary/90"
              : index === 0
                ? "border-foreground/80 text-foreground hover:bg-foreground hover:text-background"
                : "border-foreground/30 text-foreground hover:bg-foreground hover:text-background",
          )}
        >
          {AVAILABILITY_BUTTONS[intent].label}
        </button>
      ))}
    </Form>
  );
}

/** An item in the everyday list: its editor, what it costs, and the taps of a busy night. */
function ItemRow({
  item,
  availability: saved,
  pending,
  action,
}: {
  item: EditorItem;
  availability: Availability;
  pending: ReturnType<typeof usePendingPost>;
  action: string;
}) {
  // The change on its way shows at once: a busy night has no time to wait.
  const changing = pending.item === String(item.id);
  const chosen = Object.entries(AVAILABILITY_INTENTS).find(
    ([intent]) => intent === pending.intent,
  )?.[1];
  const availability = changing && chosen ? chosen : saved;
  const status = AVAILABILITY_WORDS[availability].status;
  return (
    <li id={itemAnchor(item.id)} className="flex scroll-mt-36 items-center gap-3 py-2.5">
      <Link
        to={`/staff/menu/items/${item.id}`}
        className="group min-w-0 flex-1 py-1 hover:bg-muted/60"
      >
        <span className="block text-lg leading-snug font-semibold break-words underline-offset-4 group-hover:underline">
          {item.name}
        </span>
        <span className="block text-muted-foreground tabular-nums">{itemPriceLine(item)}</span>
        {item.hidden || status || item.featured || item.eventTitle ? (
          <span className="mt-1 flex flex-wrap gap-2">
            {status ? <StatusBadge tone="warning">{status}</StatusBadge> : null}
            {item.sample ? <SampleBadge /> : null}
            {item.hidden ? <StatusBadge>Hidden</StatusBadge> : null}
            {item.featured ? <StatusBadge>Featured</StatusBadge> : null}
            {item.eventTitle ? <StatusBadge>Only while {item.eventTitle} is on</StatusBadge> : null}
          </span>
        ) : null}
      </Link>
      <AvailabilityButtons item={item} availability={availability} action={action} />
    </li>
  );
}

/**
 * Above the list, kept in view while scrolling: the search (a GET form
 * without scripts; with them, the list follows each keystroke) and the jump
 * to a section (a GET the server answers with the section's place; with
 * scripts, the page scrolls there as it is chosen).
 */
function MenuToolbar({
  view,
  query,
  onQuery,
  sections,
}: {
  view: StaffMenuView;
  query: string;
  onQuery: (query: string) => void;
  sections: EditorMenu;
}) {
  const hydrated = useHydrated();

  function jump(event: ChangeEvent<HTMLSelectElement>) {
    const id = Number(event.currentTarget.value);
    event.currentTarget.value = "";
    if (!Number.isSafeInteger(id) || id < 1) return;
    const heading = document.getElementById(`${sectionAnchor(id)}-title`);
    heading?.closest("section")?.scrollIntoView({ block: "start" });
    // The keyboard and screen readers carry on from the section chosen.
    heading?.focus({ preventScroll: true });
  }

  return (
    <div className="sticky top-0 z-20 -mx-4 mt-4 flex flex-wrap items-end gap-x-3 gap-y-2 border-b border-border bg-background/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6 short:static">
      {view.reorder ? null : (
        <Form
          method="get"
          action="/staff/menu"
          role="search"
          aria-label="Find an item"
          className="flex min-w-0 flex-1 basis-36 items-end gap-2"
          onSubmit={(event) => {
            // With scripts the list already shows what was typed.
            if (hydrated) event.preventDefault();
          }}
        >
          <label className="min-w-0 flex-1">
            <span className="sr-only">Find an item by name</span>
            <span className="relative block">
              <SearchIcon
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
              />
              <input
                type="search"
                name="q"
                value={query}
                onChange={(event) => onQuery(event.currentTarget.value)}
                placeholder="Find an item"
                autoComplete="off"
                enterKeyHint="search"
                className="block h-11 w-full rounded-none border-2 border-input bg-card pr-2 pl-10 text-lg text-card-foreground placeholder:text-muted-foreground focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
              />
            </span>
          </label>
          {hydrated ? null : (
            <Button type="submit" variant="outline" size="sm" className="min-h-11">
              Find
            </Button>
          )}
        </Form>
      )}
      <Form method="get" action="/staff/menu" className="flex items-end gap-2">
        {view.reorder ? <input type="hidden" name="reorder" value="1" /> : null}
        <label className="block">
          <span className="sr-only">Jump to a section</span>
          <select
            name="section"
            defaultValue=""
            onChange={hydrated ? jump : undefined}
            className="block h-11 w-36 rounded-none border-2 border-input bg-card px-2 text-base text-card-foreground focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <option value="">Jump to…</option>
            {sections.map((section) => (
              <option key={section.id} value={section.id}>
                {section.name}
              </option>
            ))}
          </select>
        </label>
        {hydrated ? null : (
          <Button type="submit" variant="outline" size="sm" className="min-h-11">
            Go
          </Button>
        )}
      </Form>
    </div>
  );
}

/** What the list shows, said once (a live region: it follows the search). */
function ListSummary({
  menu,
  query,
  found,
  problem,
}: {
  menu: EditorMenu;
  query: string;
  found: { sections: EditorMenu; itemCount: number };
  problem: string | null;
}) {
  const itemCount = menu.reduce((count, section) => count + section.items.length, 0);
  const searching = query.trim() !== "";
  const plural = (count: number, one: string, many: string) =>
    `${count} ${count === 1 ? one : many}`;
  return (
    <p className="mt-4 text-muted-foreground" role="status">
      {problem ? (
        <span className="font-semibold text-destructive">{problem}</span>
      ) : searching ? (
        found.itemCount === 0 ? (
          `No item is called “${query.trim()}”.`
        ) : (
          `${plural(found.itemCount, "item", "items")} of ${itemCount} found for “${query.trim()}”.`
        )
      ) : (
        `${plural(menu.length, "section", "sections")}, ${plural(itemCount, "item", "items")}.`
      )}{" "}
      {searching ? (
        <Link to="/staff/menu" className="font-semibold text-primary underline underline-offset-4">
          Show the whole menu
        </Link>
      ) : (
        <Link to="/menu" className="font-semibold text-primary underline underline-offset-4">
          See the menu as visitors do
        </Link>
      )}
    </p>
  );
}

/**
 * The staff menu: every section and item, with the taps of a busy night on
 * each item (not available today, off the menu, available again), a search
 * by name, and a mode of its own for reordering.
 */
export function MenuListEditor({
  menu,
  view,
  availability,
}: {
  menu: EditorMenu;
  view: StaffMenuView;
  /** What each item is at this minute, by id. */
  availability: Record<number, Availability>;
}) {
  const pending = usePendingPost();
  // The search as typed: from the address at first, then from the box itself.
  const [query, setQuery] = useState(view.query);
  const [shownQuery, setShownQuery] = useState(view.query);
  if (view.query !== shownQuery) {
    setShownQuery(view.query);
    setQuery(view.query);
  }
  const tooLong = [...query.trim()].length > STAFF_MENU_QUERY_MAX;
  const problem = tooLong
    ? (view.problem ??
      `Searches are limited to ${STAFF_MENU_QUERY_MAX} characters; shorten yours to find an item.`)
    : null;
  const found = view.reorder ? { sections: menu, itemCount: 0 } : findItems(menu, query);
  const postTo = staffMenuPath({ query: tooLong ? "" : query, reorder: false });

  return (
    <>
      <ReorderableHeading
        path={MENU_PATH}
        reordering={view.reorder}
        title="Menu"
        intro="When the kitchen runs out of something, mark it not available today: it is back on the menu at 4 am by itself. Off the menu stays off until you put it back. Tap a name to edit it."
        reorder={{
          title: "Menu: reorder",
          intro:
            "Move sections and items up or down; visitors see the new order at once. Availability is changed on the menu page, not here.",
          label: "Reorder the menu",
        }}
        add={{ to: "/staff/menu/sections/new", label: "Add a section" }}
      >
        <a href="/staff/menu/menu.csv" download className={listActionClass()}>
          <DownloadIcon aria-hidden="true" />
          Download as a spreadsheet
        </a>
        <Link to={PRICES_PATH} className={listActionClass()}>
          Change prices
        </Link>
        <Link to="/staff/menu/import" className={listActionClass()}>
          <UploadIcon aria-hidden="true" />
          From a spreadsheet
        </Link>
      </ReorderableHeading>
      <MenuToolbar view={view} query={query} onQuery={setQuery} sections={found.sections} />
      {view.reorder ? null : (
        <ListSummary menu={menu} query={query} found={found} problem={problem} />
      )}

      {found.sections.map((section, sectionIndex) => (
        <section
          key={section.id}
          id={sectionAnchor(section.id)}
          aria-labelledby={`${sectionAnchor(section.id)}-title`}
          className="mt-8 scroll-mt-20"
        >
          <div className="flex flex-wrap items-center gap-3 border-b-2 border-foreground pb-2">
            <h2
              id={`${sectionAnchor(section.id)}-title`}
              tabIndex={-1}
              className="min-w-0 flex-1 basis-48 text-2xl tracking-tight break-words outline-none"
            >
              {view.reorder ? (
                section.name
              ) : (
                <Link
                  to={`/staff/menu/sections/${section.id}`}
                  className="inline-flex min-h-11 items-center underline-offset-4 hover:underline"
                >
                  {section.name}
                </Link>
              )}
            </h2>
            {section.sample ? <SampleBadge /> : null}
            {section.hidden ? <StatusBadge>Hidden section</StatusBadge> : null}
            {view.reorder ? (
              <MoveForm
                action={staffMenuPath({ query: "", reorder: true })}
                variant="outline"
                fields={{ list: "section", id: section.id }}
                name={section.name}
                first={sectionIndex === 0}
                last={sectionIndex === menu.length - 1}
              />
            ) : null}
          </div>
          {section.items.length > 0 ? (
            <ul aria-label={`Items in ${section.name}`} className="divide-y divide-border">
              {section.items.map((item, index) =>
                view.reorder ? (
                  <ReorderRow
                    key={item.id}
                    id={itemAnchor(item.id)}
                    path={MENU_PATH}
                    name={item.name}
                    hidden={item.hidden}
                    fields={{ list: "item", id: item.id }}
                    first={index === 0}
                    last={index === section.items.length - 1}
                  />
                ) : (
                  <ItemRow
                    key={item.id}
                    item={item}
                    availability={availability[item.id] ?? "available"}
                    pending={pending}
                    action={postTo}
                  />
                ),
              )}
            </ul>
          ) : (
            <p className="py-4 text-muted-foreground">No items yet.</p>
          )}
          {view.reorder ? null : (
            <div className="mt-3 flex flex-wrap gap-3">
              <Link
                to={`/staff/menu/items/new?section=${section.id}`}
                className={cn(buttonVariants({ variant: "outline", size: "sm" }), "min-h-11")}
              >
                <PlusIcon aria-hidden="true" />
                Add an item<span className="sr-only"> to {section.name}</span>
              </Link>
              {section.items.length > 0 ? (
                <Link
                  to={`${PRICES_PATH}?section=${section.id}`}
                  className={cn(buttonVariants({ variant: "outline", size: "sm" }), "min-h-11")}
                >
                  Change prices<span className="sr-only"> in {section.name}</span>
                </Link>
              ) : null}
            </div>
          )}
        </section>
      ))}
      {menu.length === 0 ? (
        <p className="mt-10 text-lg text-muted-foreground">
          The menu is empty. Add a section, then its items.
        </p>
      ) : null}
    </>
  );
}
