import type { Picture } from "./pictures";
import { ResponsiveImage, type ResponsiveImageProps } from "./responsive-image";

/**
 * The places the public pages show a content picture: how wide it is at each
 * screen width (in the page's 72rem width), its shape, and the widest it is
 * laid out. They change with the layouts they describe.
 */
const PLACES = {
  /** Across the home page's first screen, behind its words on wide screens. */
  hero: { sizes: "100vw", aspectRatio: 16 / 9, maxWidth: 1536 },
  /** One of two columns: the about page's room, a space's first photo. */
  column: { sizes: "(min-width: 1024px) 560px, 100vw", aspectRatio: 16 / 9, maxWidth: 768 },
  /** Beside the words of an event's own page. */
  "event-page": { sizes: "(min-width: 1024px) 440px, 100vw", aspectRatio: 16 / 9, maxWidth: 640 },
  /** A card of the events' grid: three across, two on a tablet. */
  "event-card": {
    sizes: "(min-width: 1024px) 352px, (min-width: 768px) 50vw, 100vw",
    aspectRatio: 16 / 9,
    maxWidth: 640,
  },
  /** A card of the house favourites' grid: three across, two from a phone held sideways. */
  "dish-card": {
    sizes: "(min-width: 1024px) 352px, (min-width: 640px) 50vw, 100vw",
    aspectRatio: 4 / 3,
    maxWidth: 640,
  },
} as const satisfies Record<
  string,
  Pick<ResponsiveImageProps, "sizes" | "aspectRatio" | "maxWidth">
>;

/** A content picture, with its alt text, as large as the place it is shown in needs. */
export function PlacedPicture({
  picture,
  place,
  priority,
  className,
}: {
  picture: Picture;
  place: keyof typeof PLACES;
  /** For the page's largest picture: loaded first, preloaded from the head. */
  priority?: boolean;
  className?: string;
}) {
  return (
    <ResponsiveImage
      image={picture.source}
      alt={picture.alt}
      {...PLACES[place]}
      priority={priority}
      className={className}
    />
  );
}
