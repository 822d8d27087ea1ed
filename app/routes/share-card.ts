import { siteContent } from "~/site/site-content.server";
import { shareCardPath, shareCardVersion } from "~/site/share-card";
import { renderShareCard } from "~/site/share-card.server";
import { cardServer } from "~/platform/card-response.server";
import type { RouteHandle } from "~/platform/route-needs";
import type { Route } from "./+types/share-card";

/**
 * The share card, `/share-card.jpg?v=<fingerprint>`, as every public page's
 * og:image and twitter:image name it but an event's: the pub's name and
 * tagline from the settings, served as `cardServer` serves cards.
 */

/**
 * The card reads its own query (`v`, and refuses any other key) and keeps its
 * own drawings, so the page cache, which keeps no picture, leaves it as it comes.
 */
export const handle = { transport: { neverCached: true } } satisfies RouteHandle;

/** The current card, and the one before while pages move on. */
const cards = cardServer({ what: "The share card's", tag: "share-card", keep: 2 });

export async function loader({ request, context }: Route.LoaderArgs) {
  const refused = cards.refused(request);
  if (refused) return refused;
  const settings = await siteContent(context).settings();
  return cards.serve({
    request,
    version: shareCardVersion(settings),
    path: shareCardPath(settings),
    draw: () => renderShareCard(settings),
  });
}
