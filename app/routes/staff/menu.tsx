import {
  ArrowDownIcon,
  ArrowUpIcon,
  CircleCheckIcon,
  CircleSlashIcon,
  PlusIcon,
} from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/menu";
import { Button, buttonVariants } from "~/platform/ui/button";
import { Link } from "~/platform/ui/link";
import {
  itemAnchor,
  itemPriceLine,
  LIST_INTENTS,
  sectionAnchor,
  type EditorItem,
  type ListIntent,
} from "~/menu/menu-editor";
import {
  listMenuForEditor,
  moveItem,
  moveSection,
  setItemAvailable,
} from "~/menu/menu-editor.server";
import { cn } from "~/platform/cn";
import { redirectWithToast } from "~/platform/toast.server";
import { EditorHeading, StatusBadge } from "~/staff/editor-ui";
import {
  parseRowId,
  readAsStaff,
  redirectSaved,
  SAVED_TITLE,
  writeAsStaff,
} from "~/staff/editor.server";
import { staffPageHeaders } from "~/staff/session.server";
import { staffMeta } from "~/staff/staff-meta";

export async function loader({ context }: Route.LoaderArgs) {
  return { menu: await readAsStaff(context, listMenuForEditor) };
}

function isListIntent(value: unknown): value is ListIntent {
  return (LIST_INTENTS as readonly unknown[]).includes(value);
}

/** The one value of a field that must come once; null when missing, repeated or a file. */
function single(form: FormData, name: string): string | null {
  const values = form.getAll(name);
  return values.length === 1 && typeof values[0] === "string" ? values[0] : null;
}

/** What a move's toast says. */
function moveToast(name: string, moved: boolean, direction: "up" | "down") {
  if (!moved) {
    return {
      type: "message" as const,
      title: `“${name}” is already ${direction === "up" ? "first" : "last"}.`,
    };
  }
  return {
    type: "success" as const,
    title: SAVED_TITLE,
    description: `“${name}” moved ${direction}.`,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = single(form, "intent");
  if (!isListIntent(intent)) {
    throw data("That is not a change this page can make. Reload the page and try again.", {
      status: 400,
    });
  }
  const itemField = single(form, "item");
  const sectionField = single(form, "section");
  const itemId = parseRowId(itemField);
  const sectionId = parseRowId(sectionField);
  // One row, named by a proper id: an item, or (to move it) a section.
  const targetsItem = itemId !== null && sectionField === null;
  const targetsSection =
    sectionId !== null && itemField === null && (intent === "move-up" || intent === "move-down");
  if (!targetsItem && !targetsSection) {
    throw data("The change does not say which item it is for. Reload the page and try again.", {
      status: 400,
    });
  }

  if (intent === "mark-available" || intent === "mark-unavailable") {
    const available = intent === "mark-available";
    const name = await writeAsStaff(context, (tx) => setItemAvailable(tx, itemId!, available));
    if (name === null) throw data("Not Found", { status: 404 });
    return redirectSaved(
      `/staff/menu#${itemAnchor(itemId!)}`,
      `“${name}” is ${available ? "available today" : "marked not available today"}.`,
    );
  }

  const direction = intent === "move-up" ? "up" : "down";
  const moved = await writeAsStaff(context, (tx) =>
    targetsItem ? moveItem(tx, itemId!, direction) : moveSection(tx, sectionId!, direction),
  );
  if (moved === null) throw data("Not Found", { status: 404 });
  const anchor = targetsItem ? itemAnchor(itemId!) : sectionAnchor(sectionId!);
  return redirectWithToast(`/staff/menu#${anchor}`, moveToast(moved.name, moved.moved, direction));
}

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Menu", matches);

export const headers: Route.HeadersFunction = staffPageHeaders;

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

/** Up and down buttons for a section or an item (the ends can still be pressed: they say so). */
function MoveButtons({
  field,
  id,
  name,
  first,
  last,
}: {
  field: "item" | "section";
  id: number;
  name: string;
  first: boolean;
  last: boolean;
}) {
  return (
    <Form method="post" preventScrollReset className="flex shrink-0 gap-2">
      <input type="hidden" name={field} value={id} />
      <Button
        type="submit"
        name="intent"
        value="move-up"
        variant="outline"
        size="icon"
        aria-label={`Move “${name}” up`}
        aria-disabled={first || undefined}
        className="aria-disabled:opacity-40"
      >
        <ArrowUpIcon aria-hidden="true" />
      </Button>
      <Button
        type="submit"
        name="intent"
        value="move-down"
        variant="outline"
        size="icon"
        aria-label={`Move “${name}” down`}
        aria-disabled={last || undefined}
        className="aria-disabled:opacity-40"
      >
        <ArrowDownIcon aria-hidden="true" />
      </Button>
    </Form>
  );
}

/** One tap marks an item out for tonight, or back on. */
function AvailabilityButton({ item, available }: { item: EditorItem; available: boolean }) {
  return (
    <Form method="post" preventScrollReset className="min-w-0 flex-1 sm:flex-none">
      <input type="hidden" name="item" value={item.id} />
      <Button
        type="submit"
        name="intent"
        value={available ? "mark-unavailable" : "mark-available"}
        variant={available ? "outline" : "default"}
        size="sm"
        className="min-h-11 w-full sm:w-auto"
      >
        {available ? (
          <CircleSlashIcon aria-hidden="true" />
        ) : (
          <CircleCheckIcon aria-hidden="true" />
        )}
        {available ? "Mark not available" : "Mark available"}
        <span className="sr-only">: {item.name}</span>
      </Button>
    </Form>
  );
}

function ItemRow({
  item,
  first,
  last,
  pending,
}: {
  item: EditorItem;
  first: boolean;
  last: boolean;
  pending: ReturnType<typeof usePendingPost>;
}) {
  // The change on its way shows at once: a busy night has no time to wait.
  const toggling = pending.item === String(item.id);
  const available =
    toggling && pending.intent === "mark-available"
      ? true
      : toggling && pending.intent === "mark-unavailable"
        ? false
        : item.available;
  return (
    <li
      id={itemAnchor(item.id)}
      className="flex scroll-mt-28 flex-wrap items-center gap-x-4 gap-y-2 py-3"
    >
      <Link
        to={`/staff/menu/items/${item.id}`}
        className="group min-w-0 flex-1 basis-56 py-1 hover:bg-muted/60"
      >
        <span className="block text-lg font-semibold break-words underline-offset-4 group-hover:underline">
          {item.name}
        </span>
        <span className="block text-muted-foreground tabular-nums">{itemPriceLine(item)}</span>
        {item.hidden || !available || item.featured ? (
          <span className="mt-1.5 flex flex-wrap gap-2">
            {!available ? <StatusBadge tone="warning">Not available today</StatusBadge> : null}
            {item.hidden ? <StatusBadge>Hidden</StatusBadge> : null}
            {item.featured ? <StatusBadge>Featured</StatusBadge> : null}
          </span>
        ) : null}
      </Link>
      <div className="flex w-full gap-2 sm:w-auto">
        <AvailabilityButton item={item} available={available} />
        <MoveButtons field="item" id={item.id} name={item.name} first={first} last={last} />
      </div>
    </li>
  );
}

export default function MenuEditorPage({ loaderData }: Route.ComponentProps) {
  const { menu } = loaderData;
  const pending = usePendingPost();
  const itemCount = menu.reduce((count, section) => count + section.items.length, 0);
  return (
    <>
      <EditorHeading
        title="Menu"
        intro="Sections and items in the order visitors see them. When the kitchen runs out of something, mark it not available."
        addTo="/staff/menu/sections/new"
        addLabel="Add a section"
      />
      <p className="mt-4 text-muted-foreground" role="status">
        {menu.length} {menu.length === 1 ? "section" : "sections"}, {itemCount}{" "}
        {itemCount === 1 ? "item" : "items"}.{" "}
        <Link to="/menu" className="font-semibold text-primary underline underline-offset-4">
          See the menu as visitors do
        </Link>
      </p>

      {menu.map((section, sectionIndex) => (
        <section
          key={section.id}
          id={sectionAnchor(section.id)}
          aria-labelledby={`${sectionAnchor(section.id)}-title`}
          className="mt-10 scroll-mt-28"
        >
          <div className="flex flex-wrap items-center gap-3 border-b-2 border-foreground pb-3">
            <h2
              id={`${sectionAnchor(section.id)}-title`}
              className="min-w-0 flex-1 basis-48 text-2xl tracking-tight break-words"
            >
              <Link
                to={`/staff/menu/sections/${section.id}`}
                className="inline-flex min-h-11 items-center underline-offset-4 hover:underline"
              >
                {section.name}
              </Link>
            </h2>
            {section.hidden ? <StatusBadge>Hidden section</StatusBadge> : null}
            <MoveButtons
              field="section"
              id={section.id}
              name={section.name}
              first={sectionIndex === 0}
              last={sectionIndex === menu.length - 1}
            />
          </div>
          {section.items.length > 0 ? (
            <ul aria-label={`Items in ${section.name}`} className="divide-y divide-border">
              {section.items.map((item, index) => (
                <ItemRow
                  key={item.id}
                  item={item}
                  first={index === 0}
                  last={index === section.items.length - 1}
                  pending={pending}
                />
              ))}
            </ul>
          ) : (
            <p className="py-4 text-muted-foreground">No items yet.</p>
          )}
          <Link
            to={`/staff/menu/items/new?section=${section.id}`}
            className={cn(buttonVariants({ variant: "outline", size: "sm" }), "mt-3 min-h-11")}
          >
            <PlusIcon aria-hidden="true" />
            Add an item<span className="sr-only"> to {section.name}</span>
          </Link>
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
