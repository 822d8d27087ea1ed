/**
 * Every schema.org builder a page uses, in one module the browser loads only
 * when it builds a page's data itself: after a link is followed, never while
 * a page wakes (see `SiteJsonLd` in app/components/json-ld.tsx).
 */
export { eventJsonLd, eventsJsonLd, restaurantJsonLd, serializeJsonLd } from "./structured-data";
export { menuJsonLd } from "./menu-structured-data";
