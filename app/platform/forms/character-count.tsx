import { useEffect, useRef, useState, type FormEvent } from "react";
import { cn } from "~/platform/cn";
import { withThousands } from "~/platform/thousands";
import { characterCount, cleanLine, cleanText } from "~/platform/forms/typed-input";

/**
 * A field's length limit shown as it is typed, "812 / 1,000", counted as the
 * server counts (the text made plain, then characters, not UTF-16 units),
 * so the two never disagree. The browser is never asked to cut what is typed
 * or pasted (no `maxlength`): past the limit the counter says by how much,
 * and the server refuses the post, keeping every character.
 */

/** How the server reads the field: one line (spaces collapsed) or several. */
export type CountedAs = "line" | "text";

export type CharacterLimit = { max: number; count: number; left: number; near: boolean };

/** What the server will count of `value`. */
export function countCharacters(value: string, as: CountedAs): number {
  return characterCount(as === "line" ? cleanLine(value) : cleanText(value));
}

/** Near the limit: a tenth of it left, or five characters, whichever is more. */
function nearWithin(max: number): number {
  return Math.max(5, Math.floor(max / 10));
}

export function characterLimit(value: string, max: number, as: CountedAs): CharacterLimit {
  const count = countCharacters(value, as);
  const left = max - count;
  return { max, count, left, near: left <= nearWithin(max) };
}

const characters = (count: number) => `${withThousands(count)} character${count === 1 ? "" : "s"}`;

/** The counter as it shows: "812 / 1,000", and by how much when over. */
export function counterText({ max, count, left }: CharacterLimit): string {
  const shown = `${withThousands(count)} / ${withThousands(max)}`;
  return left < 0 ? `${shown}: ${withThousands(-left)} too many` : shown;
}

/** What a screen reader is told, and only near or over the limit: empty otherwise. */
export function countAnnouncement({ left, near }: CharacterLimit): string {
  if (left < 0) return `${characters(-left)} too many`;
  if (near) return `${characters(left)} left`;
  return "";
}

/** The id of a field's counter, for the field's aria-describedby. */
export const countId = (fieldId: string) => `${fieldId}-count`;

/** How long typing must pause before a screen reader hears the count. */
const ANNOUNCE_AFTER_MS = 700;

/**
 * A field's count, kept current as it is typed: the value to count (from the
 * field's value as first shown, then from each input) and the handler that
 * follows the field.
 */
export function useCharacterCount(defaultValue: string) {
  const [value, setValue] = useState(defaultValue);
  // The form shown again with other values (saved, or given back): count those.
  const [shownDefault, setShownDefault] = useState(defaultValue);
  if (defaultValue !== shownDefault) {
    setShownDefault(defaultValue);
    setValue(defaultValue);
  }
  const onInput = (event: FormEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValue(event.currentTarget.value);
  return { value, onInput };
}

/**
 * The counter beside a field: seen as "812 / 1,000" (and read with the field,
 * as its limit), and a polite live region that speaks only near or over the
 * limit, once typing pauses.
 */
export function CharacterCount({
  fieldId,
  value,
  max,
  as,
}: {
  fieldId: string;
  value: string;
  max: number;
  as: CountedAs;
}) {
  const limit = characterLimit(value, max, as);
  const message = countAnnouncement(limit);
  const [announced, setAnnounced] = useState("");
  // The count the page opens with is read with the field; only typing is announced.
  const opened = useRef(true);
  useEffect(() => {
    if (opened.current) {
      opened.current = false;
      return;
    }
    const timer = window.setTimeout(() => setAnnounced(message), ANNOUNCE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [message]);
  return (
    <div className="mt-1.5 flex justify-end">
      <p
        id={countId(fieldId)}
        data-testid="character-count"
        className={cn(
          "text-sm tabular-nums",
          limit.left < 0
            ? "font-semibold text-destructive"
            : limit.near
              ? "font-semibold text-foreground"
              : "text-muted-foreground",
        )}
      >
        <span aria-hidden="true">{counterText(limit)}</span>
        <span className="sr-only">{`Up to ${characters(max)}.`}</span>
      </p>
      <p role="status" className="sr-only">
        {announced}
      </p>
    </div>
  );
}
