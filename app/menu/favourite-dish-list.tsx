import type { Picture } from "~/images/pictures";
import { PlacedPicture } from "~/images/placed-picture";
import { formatPrice } from "~/platform/money";
import { DietaryTags } from "./dietary-tags";
import type { MenuItem } from "./menu";

/** The house favourites as cards: the dish's picture, name, price, description and diets. */
export function FavouriteDishList({
  items,
}: {
  items: readonly (MenuItem & { picture: Picture | null })[];
}) {
  return (
    <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item.id} className="flex flex-col border border-border bg-card">
          {item.picture ? (
            <PlacedPicture picture={item.picture} place="dish-card" className="h-auto w-full" />
          ) : null}
          <div className="flex flex-1 flex-col p-5">
            <div className="flex items-baseline justify-between gap-4">
              <h3 className="text-xl">{item.name}</h3>
              <p className="font-semibold tabular-nums">{formatPrice(item.priceCents)}</p>
            </div>
            <p className="mt-2 flex-1 text-muted-foreground">{item.description}</p>
            <DietaryTags tags={item.dietaryTags} className="mt-3" />
          </div>
        </li>
      ))}
    </ul>
  );
}
