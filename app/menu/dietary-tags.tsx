import { LeafIcon, FlameIcon, NutIcon, WheatOffIcon, MilkOffIcon, SproutIcon } from "lucide-react";
import { cn } from "~/platform/cn";
import { BADGE_LABELS, DIETARY_LABELS, type Badge, type DietaryTag } from "./menu";

const TAG_ICONS: Record<DietaryTag, typeof LeafIcon> = {
  vegetarian: SproutIcon,
  vegan: LeafIcon,
  "gluten-free": WheatOffIcon,
  "dairy-free": MilkOffIcon,
  spicy: FlameIcon,
  "contains-nuts": NutIcon,
};

/** Dietary tags as words with an icon beside them: never colour or an icon alone. */
export function DietaryTags({ tags, className }: { tags: DietaryTag[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={cn("flex flex-wrap gap-x-3 gap-y-1 text-sm", className)} aria-label="Dietary">
      {tags.map((tag) => {
        const Icon = TAG_ICONS[tag];
        return (
          <li
            key={tag}
            className={cn(
              "inline-flex items-center gap-1",
              tag === "spicy" || tag === "contains-nuts"
                ? "text-amber-800 dark:text-amber-300"
                : "text-primary",
            )}
          >
            <Icon aria-hidden="true" className="size-3.5" />
            {DIETARY_LABELS[tag]}
          </li>
        );
      })}
    </ul>
  );
}

export function Badges({ badges }: { badges: Badge[] }) {
  if (badges.length === 0) return null;
  return (
    <>
      {badges.map((badge) => (
        <span
          key={badge}
          className="ml-2 inline-block border border-current px-1.5 py-0.5 align-middle font-sans text-[0.6875rem] font-semibold tracking-wider text-primary uppercase"
        >
          {BADGE_LABELS[badge]}
        </span>
      ))}
    </>
  );
}
