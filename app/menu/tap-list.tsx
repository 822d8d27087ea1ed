import { formatPrice } from "~/platform/money";
import { DietaryTags } from "./dietary-tags";
import type { MenuItem } from "./menu";

/** The beers pouring now, each with its diets and price, for the list the heading `labelledBy` names. */
export function TapList({ beers, labelledBy }: { beers: readonly MenuItem[]; labelledBy: string }) {
  return (
    <ul className="mt-4 divide-y divide-border border-y border-border" aria-labelledby={labelledBy}>
      {beers.map((beer) => (
        <li key={beer.id} className="flex items-baseline justify-between gap-4 py-3">
          <div>
            <p className="font-semibold">{beer.name}</p>
            <DietaryTags tags={beer.dietaryTags} className="mt-1" />
          </div>
          <p className="shrink-0 tabular-nums">{formatPrice(beer.priceCents)}</p>
        </li>
      ))}
    </ul>
  );
}
