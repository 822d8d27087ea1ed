import { pageFreshness } from "~/platform/context";
import { data } from "react-router";
import type { Route } from "./+types/event";
import { SiteJsonLd } from "~/components/json-ld";
import { eventSearchDescription } from "~/events/event-words";
import { EventArticle } from "~/events/event-article";
import { eventPath } from "~/events/events";
import { pictureFor } from "~/images/pictures.server";
import { searchImageUrls } from "~/images/pictures";
import { publicPageHeaders } from "~/platform/page-headers";
import { pageMeta, siteFrameFromMatches } from "~/site/meta";
import { eventCardAlt, eventCardPath, eventCardText } from "~/events/event-card";
import { siteContent } from "~/site/site-content.server";
import { useSiteFrame } from "~/site/site-frame";
import { formatAddress } from "~/settings/site-settings";

/**
 * `/events/<slug>`: one event. Its slug is the row's own, unique in the
 * table and kept when the title is edited (the editor fills the form with
 * it), so a shared link keeps working.
 *
 * An event that is over answers 410 with a page saying so and pointing to
 * what is on next: a visitor following an old link learns what happened,
 * and search engines drop the page. An unknown slug is a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await siteContent(context).event(params.slug, new Date());
  if (!found) throw data(null, { status: 404 });
  const { event, over } = found;
  const payload = {
    event,
    over,
    picture: await pictureFor(context, event.image),
    ...pageFreshness(context),
  };
  return over ? data(payload, { status: 410 }) : payload;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { event, over, picture } = loaderData;
  // When, what it costs and what it is, as search results and shared links show it.
  const description = eventSearchDescription(event);
  // Its own card: its picture, name, date and time, and the pub's name.
  const venue = siteFrameFromMatches(matches)?.settings.name;
  // A past event shares as the site does.
  const cardText = venue === undefined || over ? null : eventCardText(event, venue, picture);
  return [
    ...pageMeta({
      title: event.title,
      description,
      path: eventPath(event),
      matches,
      type: "article",
      ...(cardText
        ? { card: { path: eventCardPath(event, cardText), alt: eventCardAlt(cardText) } }
        : {}),
    }),
    ...(over ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

export const headers = publicPageHeaders;

/** The event as schema.org data, from what the page shows. */
function EventStructuredData({ event, picture }: Route.ComponentProps["loaderData"]) {
  const settings = useSiteFrame()?.settings;
  if (!settings) return null;
  const imageUrls = picture ? searchImageUrls(picture) : [];
  return (
    <SiteJsonLd
      of={(build, origin) =>
        build.eventJsonLd({ event, settings, origin, imageUrls, shows: "description" })
      }
    />
  );
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { event, over, picture } = loaderData;
  const settings = useSiteFrame()?.settings;
  const venue = settings ? { name: settings.name, address: formatAddress(settings) } : null;
  return (
    <EventArticle event={event} over={over} picture={picture} venue={venue}>
      {over ? null : <EventStructuredData {...loaderData} />}
    </EventArticle>
  );
}
