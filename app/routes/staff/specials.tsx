import { ChevronRightIcon } from "lucide-react";
import { Form, data } from "react-router";
import type { Route } from "./+types/specials";
import { Link } from "~/platform/ui/link";
import { formatPrice } from "~/platform/money";
import { redirectWithToast } from "~/platform/toast.server";
import {
  EditorHeading,
  MOVE_DOWN,
  MOVE_UP,
  MoveButtons,
  StatusBadge,
} from "~/staff/editor/editor-ui";
import { readAsStaff, writeAsStaff } from "~/staff/editor/editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { staffMeta } from "~/staff/staff-meta";
import { WEEKDAY_CHOICES, describeWhen, type EditableSpecial } from "~/specials/specials-editor";
import { listSpecials, moveSpecial } from "~/specials/specials-editor.server";
import { torontoDate } from "~/platform/clock/toronto-time";

export async function loader({ context }: Route.LoaderArgs) {
  const specials = await readAsStaff(context, (tx) => listSpecials(tx));
  return { specials, today: torontoDate(new Date()) };
}

/** Moves a special up or down its day's list. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  const rawId = form.get("id");
  if (intent !== MOVE_UP && intent !== MOVE_DOWN) {
    throw data("Choose whether to move the special up or down.", { status: 400 });
  }
  if (typeof rawId !== "string" || !/^[1-9]\d{0,15}$/.test(rawId)) {
    throw data("Not Found", { status: 404 });
  }
  const moved = await writeAsStaff(context, (tx) =>
    moveSpecial(tx, Number(rawId), intent === MOVE_UP ? "up" : "down"),
  );
  if (!moved) throw data("Not Found", { status: 404 });
  return redirectWithToast(`/staff/specials#special-${rawId}`, {
    type: "success",
    title: "Moved. Visitors see the new order now.",
  });
}

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Specials", matches);

export const headers = staffPageHeaders;

/** The lists the page shows: each weekday's, Monday first, then the specials on dates only. */
function groups(specials: readonly EditableSpecial[]) {
  const byDay = WEEKDAY_CHOICES.map(({ value, label }) => ({
    key: value,
    label,
    specials: specials.filter((special) => String(special.weekday) === value),
  }));
  const dated = {
    key: "dated",
    label: "On dates",
    specials: specials.filter((special) => special.weekday === null),
  };
  return [...byDay, dated];
}

export default function SpecialsPage({ loaderData }: Route.ComponentProps) {
  const { specials, today } = loaderData;
  return (
    <>
      <EditorHeading
        title="Specials"
        intro="By day of the week, or on dates. Hidden ones stay here but not on the site."
        addTo="/staff/specials/new"
        addLabel="Add a special"
      />
      {groups(specials).map((group) => (
        <section key={group.key} aria-labelledby={`day-${group.key}`} className="mt-10">
          <h2 id={`day-${group.key}`} className="text-2xl tracking-tight">
            {group.label}
          </h2>
          {group.specials.length === 0 ? (
            <p className="mt-2 text-muted-foreground">No specials.</p>
          ) : (
            <ul
              aria-label={`${group.label} specials`}
              className="mt-3 divide-y divide-border border-y border-border"
            >
              {group.specials.map((special, index) => (
                <SpecialRow
                  key={special.id}
                  special={special}
                  today={today}
                  first={index === 0}
                  last={index === group.specials.length - 1}
                />
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}

function SpecialRow({
  special,
  today,
  first,
  last,
}: {
  special: EditableSpecial;
  today: string;
  first: boolean;
  last: boolean;
}) {
  const when = describeWhen(special);
  const price = special.priceCents === null ? "" : formatPrice(special.priceCents);
  const details = [price, when].filter(Boolean).join(" · ");
  const ended = special.endsOn ?? (special.weekday === null ? special.startsOn : null) ?? "";
  return (
    <li id={`special-${special.id}`} className="flex scroll-mt-28 items-center gap-2">
      <Link
        to={`/staff/specials/${special.id}`}
        className="group flex min-h-14 min-w-0 flex-1 items-center gap-3 py-3 hover:bg-muted/60 sm:px-2"
      >
        <span className="min-w-0 flex-1">
          <span className="block text-lg font-semibold break-words text-foreground underline-offset-4 group-hover:underline">
            {special.title}
          </span>
          {details ? <span className="mt-0.5 block text-muted-foreground">{details}</span> : null}
          {!special.published || (ended && ended < today) ? (
            <span className="mt-1.5 flex flex-wrap gap-2">
              {!special.published ? <StatusBadge tone="warning">Hidden</StatusBadge> : null}
              {ended && ended < today ? <StatusBadge>Ended</StatusBadge> : null}
            </span>
          ) : null}
        </span>
        <ChevronRightIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      </Link>
      <Form method="post" className="flex shrink-0 gap-1">
        <input type="hidden" name="id" value={special.id} />
        <MoveButtons name={special.title} first={first} last={last} />
      </Form>
    </li>
  );
}
