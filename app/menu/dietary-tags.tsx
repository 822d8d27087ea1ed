import { cn } from "~/platform/cn";
import { BADGE_LABELS, DIETARY_LABELS, type Badge, type DietaryTag } from "./menu";

/**
 * Dietary tags as words with an icon beside them: never colour or an icon
 * alone. The icons come from the stylesheet (`.diet-tags` in app.css), so a
 * long menu does not repeat their drawings on every dish.
 */
export function DietaryTags({ tags, className }: { tags: DietaryTag[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={cn("diet-tags", className)} aria-label="Dietary">
      {tags.map((tag) => (
        <li key={tag} className={`diet-${tag}`}>
          {DIETARY_LABELS[tag]}
        </li>
      ))}
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
