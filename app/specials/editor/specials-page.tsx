import { formatPrice } from "~/platform/money";
import {
  EditorListItem,
  EditorSection,
  ReorderableHeading,
  ReorderRow,
  SampleBadge,
  StatusBadge,
} from "~/platform/ui/editor-parts";
import { WEEKDAY_CHOICES, describeWhen, type EditableSpecial } from "./specials-editor";

/** A special's place on the staff list, so a post without scripts comes back to it. */
export const specialAnchor = (id: number) => `special-${id}`;

/** The list's address; reorder mode is `?reorder=1` on it. */
export const SPECIALS_PATH = "/staff/specials";

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

/**
 * The staff list of specials: by weekday, then on dates, each in its order;
 * in reorder mode, their names and move buttons only.
 */
export function SpecialsList({
  specials,
  today,
  reordering,
}: {
  specials: readonly EditableSpecial[];
  today: string;
  reordering: boolean;
}) {
  return (
    <>
      <ReorderableHeading
        path={SPECIALS_PATH}
        reordering={reordering}
        title="Specials"
        intro="By day of the week, or on dates. Hidden ones stay here but not on the site."
        reorder={{
          title: "Specials: reorder",
          intro: "Move specials up or down their day's list; visitors see the new order at once.",
          label: "Reorder the specials",
        }}
        add={{ to: "/staff/specials/new", label: "Add a special" }}
      />
      {groups(specials).map((group) => (
        <EditorSection key={group.key} id={`day-${group.key}`} title={group.label}>
          {group.specials.length === 0 ? (
            <p className="mt-2 text-muted-foreground">No specials.</p>
          ) : (
            <ul
              aria-label={`${group.label} specials`}
              className="mt-3 divide-y divide-border border-y border-border"
            >
              {group.specials.map((special, index) =>
                reordering ? (
                  <ReorderRow
                    key={special.id}
                    id={specialAnchor(special.id)}
                    path={SPECIALS_PATH}
                    name={special.title}
                    hidden={!special.published}
                    fields={{ id: special.id }}
                    first={index === 0}
                    last={index === group.specials.length - 1}
                  />
                ) : (
                  <SpecialRow key={special.id} special={special} today={today} />
                ),
              )}
            </ul>
          )}
        </EditorSection>
      ))}
    </>
  );
}

function SpecialRow({ special, today }: { special: EditableSpecial; today: string }) {
  const when = describeWhen(special);
  const price = special.priceCents === null ? "" : formatPrice(special.priceCents);
  const details = [price, when].filter(Boolean).join(" · ");
  const ended = special.endsOn ?? (special.weekday === null ? special.startsOn : null) ?? "";
  return (
    <EditorListItem
      id={specialAnchor(special.id)}
      to={`/staff/specials/${special.id}`}
      title={special.title}
      details={details}
      badges={
        !special.published || special.sample || (ended && ended < today) ? (
          <>
            {special.sample ? <SampleBadge /> : null}
            {!special.published ? <StatusBadge tone="warning">Hidden</StatusBadge> : null}
            {ended && ended < today ? <StatusBadge>Ended</StatusBadge> : null}
          </>
        ) : undefined
      }
    />
  );
}
