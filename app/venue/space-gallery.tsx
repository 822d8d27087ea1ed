import { Suspense, lazy, useRef, useState, type MouseEvent } from "react";
import { LoadFailureBoundary } from "~/platform/ui/load-failure-boundary";
import { PlacedPicture } from "~/images/placed-picture";
import { ResponsiveImage } from "~/images/responsive-image";
import { THUMBNAIL_WIDTH } from "~/images/images";
import type { Picture } from "~/images/pictures";
import { chunkLoader } from "~/platform/chunk-reload";
import { cn } from "~/platform/cn";
import { useHydrated } from "~/platform/use-hydrated";
import { fullSizeUrl } from "./photos";

// The viewer's code (Radix Dialog, focus trap, scroll lock) loads when a
// visitor reaches for a photo, not with the page.
const loadViewer = chunkLoader(() => import("./photo-viewer"));
const PhotoViewer = lazy(() => loadViewer().then(({ PhotoViewer }) => ({ default: PhotoViewer })));

/**
 * A space's photos: the first large, and when there are more, a row of
 * thumbnails of all of them. Each thumbnail opens the photo viewer there
 * (arrows, swipe, Escape); before the page is interactive, without
 * JavaScript, or if the viewer cannot be loaded, it is a link to the photo.
 */
export function SpaceGallery({
  name,
  pictures,
  priority,
  className,
}: {
  name: string;
  pictures: readonly Picture[];
  priority: boolean;
  className?: string;
}) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState<number | null>(null);
  const [requested, setRequested] = useState(false);
  const [failed, setFailed] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const [first] = pictures;
  if (!first) return null;

  const preload = () => void loadViewer().catch(() => {});
  const open = (index: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!hydrated || failed) return;
    event.preventDefault();
    opener.current = event.currentTarget;
    setRequested(true);
    setShown(index);
  };

  return (
    <div className={className}>
      <PlacedPicture
        picture={first}
        place="column"
        priority={priority}
        className="h-auto w-full border border-border"
      />
      {pictures.length > 1 ? (
        <ul aria-label={`Photos of ${name}`} className="mt-3 flex flex-wrap gap-2">
          {pictures.map((picture, index) => (
            <li key={picture.source.path}>
              <a
                href={fullSizeUrl(picture)}
                onClick={open(index)}
                onPointerEnter={preload}
                onFocus={preload}
                className={cn(
                  "block border border-border outline-offset-2 transition-opacity hover:opacity-85",
                  "focus-visible:outline-2 focus-visible:outline-ring",
                )}
              >
                <ResponsiveImage
                  image={picture.source}
                  alt=""
                  sizes={`${THUMBNAIL_WIDTH}px`}
                  aspectRatio={4 / 3}
                  maxWidth={THUMBNAIL_WIDTH}
                  className="block h-auto w-24"
                />
                <span className="sr-only">
                  {`Photo ${index + 1} of ${pictures.length}: ${picture.alt}`}
                </span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {requested ? (
        <LoadFailureBoundary
          what="The photo viewer"
          onError={() => {
            setFailed(true);
            if (shown !== null) window.location.assign(fullSizeUrl(pictures[shown] ?? first));
          }}
        >
          <Suspense fallback={null}>
            <PhotoViewer
              name={name}
              pictures={pictures}
              shown={shown}
              onShow={setShown}
              returnFocusTo={opener}
            />
          </Suspense>
        </LoadFailureBoundary>
      ) : null}
    </div>
  );
}
