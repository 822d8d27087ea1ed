import { formatPrice } from "~/platform/money";
import {
  EditorHeading,
  EditorListItem,
  EditorSection,
  MoveForm,
  SampleBadge,
  StatusBadge,
} from "~/platform/ui/editor-parts";
import { WEEKDAY_CHOICES, describeWhen, type EditableSpecial } from "./specials-editor";

/** A special's place on the staff list, so a post without scripts comes back to it. */
export const specialAnchor = (id: number) => `special-${id}`;

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

/** The staff list of specials: by weekday, then on dates, each in its order. */
export function SpecialsList({
  specials,
  today,
}: {
  specials: readonly EditableSpecial[];
  today: string;
}) {
  return (
    <>
      <EditorHeading
        title="Specials"
        intro="By day of the week, or on dates. Hidden ones stay here but not on the site."
        addTo="/staff/specials/new"
        addLabel="Add a special"
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
        </EditorSection>
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
      move={<MoveForm fields={{ id: special.id }} name={special.title} first={first} last={last} />}
    />
  );
}
