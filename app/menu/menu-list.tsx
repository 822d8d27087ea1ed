import { CircleSlashIcon } from "lucide-react";
import { ResponsiveImage } from "~/images/responsive-image";
import type { Picture } from "~/images/pictures";
import { DietaryTags } from "./dietary-tags";
import { ALLERGEN_LABELS, BADGE_LABELS, type MenuListItem } from "./menu";
import { formatPrice } from "~/platform/money";

export type MenuListEntry = MenuListItem & { picture: Picture | null };

/**
 * A section's dishes or drinks as the menu page lists them. The page repeats
 * this markup for every item, so it carries almost no classes: `.menu-list`
 * in app.css styles it by its structure.
 */
export function MenuList({ items }: { items: readonly MenuListEntry[] }) {
  return (
    <ul className="menu-list">
      {items.map((item) => (
        <li key={item.id}>
          <div>
            <div>
              <h3>
                {item.name}
                {item.badges.map((badge) => (
                  <span key={badge}>{BADGE_LABELS[badge]}</span>
                ))}
              </h3>
              <p>
                {formatPrice(item.priceCents)}
                {item.portion ? <span>{item.portion}</span> : null}
              </p>
            </div>
            {!item.available ? (
              <p className="inline-flex items-center gap-1.5 border-2 border-current px-2 py-0.5 text-sm font-bold text-foreground">
                <CircleSlashIcon aria-hidden="true" className="size-4" />
                {/* Out for the day, or off the menu until staff put it back. */}
                {item.unavailableUntil ? "Not available today" : "Not available"}
              </p>
            ) : null}
            <p>{item.description}</p>
            <DietaryTags tags={item.dietaryTags} className="mt-2" />
            {item.allergens.length > 0 ? (
              <p className="text-sm">
                <strong>Contains:</strong>
                {` ${item.allergens.map((allergen) => ALLERGEN_LABELS[allergen]).join(", ")}`}
              </p>
            ) : null}
          </div>
          {item.picture ? (
            <ResponsiveImage
              image={item.picture.source}
              alt={item.picture.alt}
              sizes="96px"
              aspectRatio={1}
              maxWidth={96}
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
