import { cn } from "~/platform/cn";
import { formatPrice } from "~/platform/money";
import type { TodaysSpecial } from "./specials";

/** A special of today's list, with when it runs in words (`specialTimeWords`). */
export type ListedSpecial = TodaysSpecial & { when: { words: string; on: boolean } };

/** Today's specials as cards, those already over greyed out; nothing when there are none. */
export function TodaysSpecialList({ specials }: { specials: readonly ListedSpecial[] }) {
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
          <p className={cn("mt-1 text-sm font-semibold", special.when.on && "text-primary")}>
            {special.when.words}
          </p>
          <p className="mt-2 text-muted-foreground">{special.description}</p>
        </li>
      ))}
    </ul>
  );
}
