import { cn } from "~/platform/cn";
import { DIETARY_LABELS, type DietaryTag } from "./menu";

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
