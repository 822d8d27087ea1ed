import { CheckIcon } from "lucide-react";

/** Lines each after a tick: what a space has, what a package includes. Nothing when there are none. */
export function TickedList({
  items,
  label,
  className,
}: {
  items: readonly string[];
  /** What the list is, for assistive technology ("The Snug features"). */
  label: string;
  className: string;
}) {
  if (items.length === 0) return null;
  return (
    <ul className={className} aria-label={label}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <CheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          {item}
        </li>
      ))}
    </ul>
  );
}
