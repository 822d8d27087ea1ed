import type { Route } from "./+types/event-calendar";
import { eventCalendarFile } from "~/events/event-calendar";
import { eventPath } from "~/events/events";
import { cacheControl } from "~/platform/cache-control";
import { siteOrigin } from "~/platform/site-origin.server";
import { siteContent } from "~/site/site-content.server";
import { formatAddress } from "~/settings/site-settings";

function plain(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** `/events/<slug>.ics`: the event as a calendar file, for "Add to calendar". */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const content = siteContent(context);
  const now = new Date();
  const [found, settings] = await Promise.all([
    content.event(params.slug, now),
    content.settings(),
  ]);
  if (!found) return plain(404, "There is no event at this address.");
  // Nothing left to put in a calendar; the event's page says it has passed.
  if (found.over) return plain(410, "This event has passed.");

  const origin = siteOrigin(request);
  const { event } = found;
  const file = eventCalendarFile({
    event,
    url: new URL(eventPath(event), origin).href,
    host: new URL(origin).hostname,
    location: `${settings.name}, ${formatAddress(settings)}`,
    geo: { latitude: settings.latitude, longitude: settings.longitude },
    now,
    producer: settings.name,
  });
  return new Response(file, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${event.slug}.ics"`,
      // As the event's page: kept by a CDN for seconds, so an edit reaches it as quickly.
      "Cache-Control": cacheControl.publicPage,
    },
  });
}
