import { HistoryIcon, Undo2Icon } from "lucide-react";
import { THUMBNAIL_WIDTH } from "~/images/images";
import type { Picture } from "~/images/pictures";
import { ResponsiveImage } from "~/images/responsive-image";
import { buttonVariants } from "~/platform/ui/button";
import { Link } from "~/platform/ui/link";
import { neutraliseText } from "~/staff/display-text";
import type { ChangeDetail, RecentChange } from "./recent-changes";
import { CHANGES_PATH } from "./undo";

/** A picture change's pictures as the page shows them (see `changePictures`). */
type ShownPictures = Record<string, { before: Picture[]; after: Picture[] }>;

/**
 * The recent changes as a list: what changed from what to what, who, when
 * (the pub's time), and for owners the way to undo it. The words come from
 * rows staff typed: shown as text, hidden characters made visible.
 */
export function RecentChangesList({
  changes,
  pictures = {},
}: {
  changes: readonly RecentChange[];
  pictures?: ShownPictures;
}) {
  if (changes.length === 0) {
    return <p className="mt-3 text-muted-foreground">No changes yet.</p>;
  }
  return (
    <ol
      aria-label="Changes, newest first"
      className="mt-3 divide-y divide-border border-y border-border"
    >
      {changes.map((change) => (
        <li key={change.id} className="flex gap-3 py-4">
          <HistoryIcon aria-hidden="true" className="mt-1 size-5 shrink-0 text-muted-foreground" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold break-words">{neutraliseText(change.what)}</p>
            {change.details.length > 0 ? (
              <ul className="mt-1 grid gap-1">
                {change.details.map((detail, index) => (
                  <li key={index} className="break-words">
                    <Detail detail={detail} pictures={pictures[`${change.id}-${index}`]} />
                  </li>
                ))}
              </ul>
            ) : null}
            <p className="mt-1 text-sm break-words text-muted-foreground">
              {neutraliseText(change.who)} · <time dateTime={change.at}>{change.when}</time>
            </p>
            <UndoControl change={change} />
          </div>
        </li>
      ))}
    </ol>
  );
}

/** Undo, for owners: a link to the question first; or why it cannot be undone. */
function UndoControl({ change }: { change: RecentChange }) {
  if (change.undo.state === "none") return null;
  if (change.undo.state === "refused") {
    return <p className="mt-1 text-sm text-muted-foreground">{change.undo.reason}</p>;
  }
  return (
    <Link
      to={`${CHANGES_PATH}?undo=${change.id}`}
      preventScrollReset
      className={buttonVariants({ variant: "outline", size: "sm", className: "mt-2 min-h-11" })}
    >
      <Undo2Icon aria-hidden="true" />
      Undo…<span className="sr-only"> {neutraliseText(change.summary)}</span>
    </Link>
  );
}

const openerClass =
  "inline-flex min-h-11 cursor-pointer items-center font-semibold text-primary underline-offset-4 hover:underline";

/** One line of a change: old → new, or what changed with the before and after to open. */
function Detail({
  detail,
  pictures,
}: {
  detail: ChangeDetail;
  pictures: { before: Picture[]; after: Picture[] } | undefined;
}) {
  if (detail.kind === "value") return <>{neutraliseText(detail.text)}</>;
  if (detail.kind === "rows") {
    return (
      <details>
        <summary className={openerClass}>{neutraliseText(detail.text)}</summary>
        <ul className="mt-1 grid gap-1 border-l-4 border-border pl-3">
          {detail.rows.map((row, index) => (
            <li key={index}>{neutraliseText(row)}</li>
          ))}
        </ul>
      </details>
    );
  }
  if (detail.kind === "text") {
    return (
      <details>
        <summary className={openerClass}>{neutraliseText(detail.text)}</summary>
        <dl className="mt-1 grid gap-2 border-l-4 border-border pl-3">
          <BeforeAfter term="Before">{detail.before}</BeforeAfter>
          <BeforeAfter term="After">{detail.after}</BeforeAfter>
        </dl>
      </details>
    );
  }
  return (
    <details>
      <summary className={openerClass}>{neutraliseText(detail.text)}</summary>
      <dl className="mt-1 grid gap-2 border-l-4 border-border pl-3">
        <PicturesAt term="Before" images={detail.before} shown={pictures?.before ?? []} />
        <PicturesAt term="After" images={detail.after} shown={pictures?.after ?? []} />
      </dl>
    </details>
  );
}

function BeforeAfter({ term, children }: { term: string; children: string }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-muted-foreground">{term}</dt>
      <dd className="whitespace-pre-wrap">
        {children === "" ? <em>Nothing</em> : neutraliseText(children)}
      </dd>
    </div>
  );
}

/** The pictures before or after, small, each with its description. */
function PicturesAt({
  term,
  images,
  shown,
}: {
  term: string;
  images: readonly { path: string; alt: string }[];
  shown: readonly Picture[];
}) {
  return (
    <div>
      <dt className="text-sm font-semibold text-muted-foreground">{term}</dt>
      <dd>
        {images.length === 0 ? (
          <em>No picture</em>
        ) : (
          <ul className="flex flex-wrap gap-3">
            {images.map((image, index) => {
              const picture = shown.find((each) => each.source.path === image.path);
              return (
                <li key={index} className="w-24">
                  {picture ? (
                    <ResponsiveImage
                      image={picture.source}
                      alt=""
                      sizes={`${THUMBNAIL_WIDTH}px`}
                      maxWidth={THUMBNAIL_WIDTH}
                      aspectRatio={1}
                      className="size-24 bg-muted object-cover"
                    />
                  ) : null}
                  <span className="mt-1 block text-sm break-words">
                    {neutraliseText(image.alt)}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </dd>
    </div>
  );
}

/** The newest change in a line, for the staff home. */
export function LatestChange({ change }: { change: RecentChange | undefined }) {
  if (!change) return <p className="mt-3 text-muted-foreground">No changes yet.</p>;
  return (
    <p className="mt-3 break-words">
      Latest: {neutraliseText(change.summary)}{" "}
      <span className="text-muted-foreground">
        ({neutraliseText(change.who)}, <time dateTime={change.at}>{change.when}</time>)
      </span>
    </p>
  );
}
