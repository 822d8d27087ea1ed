import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { LIVE_REVISION_PATH, LIVE_STREAM_PATH } from "./platform/live/live-paths";

export default [
  // Every page shares the header, footer and error view of the site layout.
  layout("routes/site-layout.tsx", [
    // Refuses, after loading, a request the page does not take (see site-page.tsx).
    layout("routes/site-page.tsx", [
      index("routes/home.tsx"),
      route("menu", "routes/menu.tsx"),
      route("about", "routes/about.tsx"),
      route("venue", "routes/venue.tsx"),
      route("contact", "routes/contact.tsx"),
      route("events", "routes/events.tsx"),
      route("events/:slug", "routes/event.tsx"),
      route("accessibility", "routes/accessibility.tsx"),
      // The newsletter's sign-up, and the links in a subscriber's mail.
      route("newsletter", "routes/newsletter.tsx"),
      route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
      route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
      route("*", "routes/not-found.tsx"),
    ]),
  ]),
  // The staff area: its own frame, sessions in cookies, never cached or indexed.
  route("staff", "routes/staff/layout.tsx", [
    route("sign-in", "routes/staff/sign-in.tsx"),
    route("sign-out", "routes/staff/sign-out.ts"),
    route("setup", "routes/staff/setup.tsx"),
    route("forgot-password", "routes/staff/forgot-password.tsx"),
    route("reset-password", "routes/staff/reset-password.tsx"),
    layout("routes/staff/area.tsx", [
      index("routes/staff/inbox.tsx"),
      route("enquiries/:id", "routes/staff/enquiry.tsx"),
      route("menu", "routes/staff/menu.tsx"),
      route("menu/menu.csv", "routes/staff/menu-sheet.ts"),
      route("menu/import", "routes/staff/menu-import.tsx"),
      route("menu/prices", "routes/staff/menu-prices.tsx"),
      route("menu/sections/:id", "routes/staff/menu-section.tsx"),
      route("menu/items/:id", "routes/staff/menu-item.tsx"),
      route("settings", "routes/staff/settings.tsx"),
      route("hours", "routes/staff/hours.tsx"),
      route("hours/exceptions/:id", "routes/staff/hours-exception.tsx"),
      route("specials", "routes/staff/specials.tsx"),
      route("specials/:id", "routes/staff/special.tsx"),
      route("events", "routes/staff/events.tsx"),
      route("events/:id", "routes/staff/event.tsx"),
      route("venue", "routes/staff/venue.tsx"),
      route("venue/spaces/:id", "routes/staff/venue-space.tsx"),
      route("venue/packages/:id", "routes/staff/venue-package.tsx"),
      route("questions", "routes/staff/questions.tsx"),
      route("questions/:id", "routes/staff/question.tsx"),
      route("pages", "routes/staff/pages.tsx"),
      route("pages/:id", "routes/staff/page-text.tsx"),
      route("people", "routes/staff/people.tsx"),
      route("changes", "routes/staff/changes.tsx"),
      route("outbox", "routes/staff/outbox.tsx"),
      route("newsletter", "routes/staff/newsletter.tsx"),
      route("newsletter/:id", "routes/staff/newsletter-edit.tsx"),
      route("newsletter/subscribers", "routes/staff/newsletter-subscribers.tsx"),
      route("newsletter/subscribers.csv", "routes/staff/newsletter-subscribers-sheet.ts"),
    ]),
  ]),
  // Resource routes.
  route("healthz", "routes/healthz.ts"),
  route("build-info", "routes/build-info.ts"),
  // The live channel (docs/decisions/012): Server-Sent Events, and the revision to poll.
  route(LIVE_STREAM_PATH, "platform/live/stream-route.ts"),
  route(LIVE_REVISION_PATH, "platform/live/revision-route.ts"),
  route("theme", "routes/theme.ts"),
  route("img/*", "routes/image.ts"),
  route("manifest.webmanifest", "routes/manifest.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("share-card.jpg", "routes/share-card.ts"),
  // The dynamic segment ends at ".ics": a static suffix, so this ranks above
  // the event page for those addresses and never matches another.
  route("events/:slug.ics", "routes/event-calendar.ts"),
  // An event's own share card (app/events/event-card.ts).
  route("events/:slug/card.jpg", "routes/event-card.ts"),
  route("robots.txt", "routes/robots.ts"),
] satisfies RouteConfig;
