import { HistoryIcon } from "lucide-react";
import { neutraliseText } from "./display-text";
import { formatReceived } from "./enquiry-views";
import type { RecentChange } from "./recent-changes";

/**
 * The recent changes as a list: what, who, when (Toronto time). The words
 * come from rows staff typed: shown as text, hidden characters made visible.
 */
export function RecentChangesList({ changes }: { changes: readonly RecentChange[] }) {
  if (changes.length === 0) {
    return <p className="mt-3 text-muted-foreground">No changes yet.</p>;
  }
  return (
    <ol className="mt-3 divide-y divide-border border-y border-border">
      {changes.map((change) => (
        <li key={change.id} className="flex gap-3 py-3">
          <HistoryIcon aria-hidden="true" className="mt-1 size-5 shrink-0 text-muted-foreground" />
          <div className="min-w-0">
            <p className="break-words">{neutraliseText(change.what)}</p>
            <p className="text-sm break-words text-muted-foreground">
              {neutraliseText(change.who)} ·{" "}
              <time dateTime={change.at}>{formatReceived(change.at)}</time>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The newest change in a line, for the staff home. */
export function LatestChange({ change }: { change: RecentChange | undefined }) {
  if (!change) return <p className="mt-3 text-muted-foreground">No changes yet.</p>;
  return (
    <p className="mt-3 break-words">
      Latest: {neutraliseText(change.what)}{" "}
      <span className="text-muted-foreground">
        ({neutraliseText(change.who)}, <time dateTime={change.at}>{formatReceived(change.at)}</time>
        )
      </span>
    </p>
  );
}
