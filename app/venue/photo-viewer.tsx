import * as Dialog from "@radix-ui/react-dialog";
import { ChevronLeftIcon, ChevronRightIcon, XIcon } from "lucide-react";
import { useId, useRef, type KeyboardEvent, type PointerEvent, type RefObject } from "react";
import { ResponsiveImage } from "~/images/responsive-image";
import type { Picture } from "~/images/pictures";
import { FULL_SIZE_WIDTH, stepPhoto, swipeStep } from "./photos";

// Loaded on demand by ./space-gallery.tsx.

const controlClass =
  "inline-flex size-12 items-center justify-center text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white forced-colors:border forced-colors:border-[ButtonText]";

/**
 * A space's photos one at a time, full screen: Previous and Next (or the
 * arrow keys, or a swipe) go round them, Escape or Close returns focus to
 * the thumbnail that opened it.
 */
export function PhotoViewer({
  name,
  pictures,
  shown,
  onShow,
  returnFocusTo,
}: {
  name: string;
  pictures: readonly Picture[];
  /** The photo shown, or null when the viewer is closed. */
  shown: number | null;
  onShow: (index: number | null) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const captionId = useId();
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const index = shown ?? 0;
  const picture = pictures[index];
  const count = pictures.length;
  const go = (step: number) => onShow(stepPhoto(index, step, count));

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft") go(-1);
    else if (event.key === "ArrowRight") go(1);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent) => {
    swipe.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start) return;
    const step = swipeStep(start, { x: event.clientX, y: event.clientY });
    if (step !== 0) go(step);
  };

  return (
    <Dialog.Root
      open={shown !== null && picture !== undefined}
      onOpenChange={(open) => !open && onShow(null)}
    >
      <Dialog.Portal>
        <Dialog.Overlay
          data-slot="photo-viewer-backdrop"
          className="fixed inset-0 z-40 bg-black data-[state=open]:animate-[fade-in_150ms_ease-out]"
        />
        <Dialog.Content
          aria-describedby={captionId}
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          // On a short screen (a phone on its side, 400 % zoom) the photo keeps
          // most of the height, and the caption and arrows scroll up below it.
          className="fixed inset-0 z-50 flex flex-col bg-black text-white outline-none short:overflow-y-auto"
        >
          <div className="flex shrink-0 items-center justify-between gap-4 py-2 pr-2 pl-4 sm:pl-6 short:py-0">
            <Dialog.Title className="font-display text-xl sm:text-2xl short:text-lg">
              {name}{" "}
              <span aria-live="polite" className="text-base text-white/80">
                {`Photo ${index + 1} of ${count}`}
              </span>
            </Dialog.Title>
            <Dialog.Close className={controlClass} aria-label="Close photos">
              <XIcon aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <figure
            className="flex min-h-0 flex-1 touch-pan-y flex-col items-center justify-center gap-3 px-4 pb-2 select-none short:flex-none"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (swipe.current = null)}
          >
            {picture ? (
              <>
                <ResponsiveImage
                  key={picture.source.path}
                  image={picture.source}
                  alt={picture.alt}
                  sizes="100vw"
                  maxWidth={FULL_SIZE_WIDTH}
                  className="min-h-0 w-full flex-1 object-contain short:h-[calc(100dvh-3.5rem)] short:flex-none"
                />
                <figcaption id={captionId} className="max-w-3xl text-center text-white/90">
                  {picture.alt}
                </figcaption>
              </>
            ) : null}
          </figure>
          {count > 1 ? (
            <div className="flex shrink-0 items-center justify-center gap-6 pb-4">
              <button
                type="button"
                className={controlClass}
                aria-label="Previous photo"
                onClick={() => go(-1)}
              >
                <ChevronLeftIcon aria-hidden="true" className="size-7" />
              </button>
              <button
                type="button"
                className={controlClass}
                aria-label="Next photo"
                onClick={() => go(1)}
              >
                <ChevronRightIcon aria-hidden="true" className="size-7" />
              </button>
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
