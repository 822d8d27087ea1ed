import { formatWallTime } from "~/platform/clock/time-words";
import { cn } from "~/platform/cn";
import { formatPrice } from "~/platform/money";
import type { TodaysSpecial } from "./specials";

/** When a special runs today: its hours, "All day", or, once over, when it ended. */
function SpecialTime({ special }: { special: TodaysSpecial }) {
  if (special.notToday && special.closesAt) {
    return (
      <p className="mt-1 text-sm font-semibold">
        Not today: we close at {formatWallTime(special.closesAt)}
      </p>
    );
  }
  if (special.closesAt) {
    const close = formatWallTime(special.closesAt);
    if (special.ended)
      return <p className="mt-1 text-sm font-semibold">Ended at {close}, when we closed</p>;
    const from = special.startsAt ? `${formatWallTime(special.startsAt)} – ` : "Until ";
    return (
      <p className="mt-1 text-sm font-semibold text-primary">
        {from}
        {close}, when we close today
      </p>
    );
  }
  if (special.ended && special.endsAt) {
    return <p className="mt-1 text-sm font-semibold">Ended at {formatWallTime(special.endsAt)}</p>;
  }
  const { startsAt, endsAt } = special;
  let hours = "All day";
  if (startsAt) {
    hours = endsAt
      ? `${formatWallTime(startsAt)} – ${formatWallTime(endsAt)}`
      : `From ${formatWallTime(startsAt)}`;
  }
  return <p className="mt-1 text-sm font-semibold text-primary">{hours}</p>;
}

/** Today's specials as cards, those already over greyed out; nothing when there are none. */
export function TodaysSpecialList({ specials }: { specials: readonly TodaysSpecial[] }) {
  if (specials.length === 0) return null;
  return (
    <ul className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      {specials.map((special) => (
        <li
          key={special.id}
          className={cn(
            "flex flex-col border-l-4 bg-background p-5",
            special.ended ? "border-border text-muted-foreground" : "border-primary",
          )}
        >
          <div className="flex items-baseline justify-between gap-4">
            <h3 className="text-xl">{special.title}</h3>
            {special.priceCents !== null ? (
              <p className="font-semibold tabular-nums">{formatPrice(special.priceCents)}</p>
            ) : null}
          </div>
          <SpecialTime special={special} />
          <p className="mt-2 text-muted-foreground">{special.description}</p>
        </li>
      ))}
    </ul>
  );
}
