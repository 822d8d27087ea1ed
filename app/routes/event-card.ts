import { readFile } from "node:fs/promises";
import type { Route } from "./+types/event-card";
import { eventCardPath, eventCardText, eventCardVersion } from "~/events/event-card";
import { renderEventCard } from "~/events/event-card.server";
import { RenderQueueFullError, findImage, renderedImage } from "~/images/image-store.server";
import { IMAGE_QUALITY, SHARE_IMAGE, heightFor } from "~/images/images";
import { pictureFor } from "~/images/pictures.server";
import { imageStoreContext } from "~/platform/context";
import type { RouteHandle } from "~/platform/route-needs";
import { cacheControl } from "~/platform/cache-control";
import { cardServer, plainAnswer } from "~/platform/card-response.server";
import { siteContent } from "~/site/site-content.server";
import { shareCardPath } from "~/site/share-card";

/**
 * `/events/<slug>/card.jpg?v=<fingerprint>`: the event's own share card, as
 * its page's og:image and twitter:image name it, served as `cardServer`
 * serves cards. Only a published event still to come has one: a past one's
 * address leads to the site's card, so the cards a stranger can have drawn
 * are those of the events on the site now.
 */

/** It reads its own query and keeps its own drawings, as the site's share card does. */
export const handle = { transport: { neverCached: true } } satisfies RouteHandle;

/**
 * A card for each event still to come that people share (a past event's link
 * shows the site's card): some 50 to 100 KB each.
 */
const cards = cardServer({ what: "An event card's", tag: "event-card", keep: 64 });

/** The picture as the card crops it from: a 4:3 JPEG the image optimiser keeps. */
const PICTURE_VARIANT = {
  width: SHARE_IMAGE.width,
  height: heightFor(SHARE_IMAGE.width, 4 / 3),
  format: "jpeg",
  quality: IMAGE_QUALITY.jpeg,
  fit: "cover",
} as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const refused = cards.refused(request);
  if (refused) return refused;
  const content = siteContent(context);
  const [found, settings] = await Promise.all([
    content.event(params.slug, new Date()),
    content.settings(),
  ]);
  if (!found) {
    return plainAnswer(404, "There is no event at this address.");
  }
  const { event, over } = found;
  // A past event's page names the site's card; an old link to its own goes there too.
  if (over) {
    return new Response(null, {
      status: 302,
      headers: { Location: shareCardPath(settings), "Cache-Control": cacheControl.noStore },
    });
  }
  const picture = await pictureFor(context, event.image);
  const text = eventCardText(event, settings.name, picture);
  return (
    cards
      .serve({
        request,
        version: eventCardVersion(text),
        path: eventCardPath(event, text),
        draw: async () => {
          const source = picture ? await findImage(context, picture.source.path) : null;
          const drawn = source
            ? await renderedImage(context.get(imageStoreContext), source, PICTURE_VARIANT, null)
            : null;
          return renderEventCard(text, drawn ? await readFile(drawn.filePath) : null);
        },
      })
      // The picture's crop waits its turn in the image optimiser's lanes; when they are full, later.
      .catch((error: unknown) => {
        if (!(error instanceof RenderQueueFullError)) throw error;
        return plainAnswer(503, "Too many images are being processed; try again shortly", {
          "Retry-After": "5",
        });
      })
  );
}
