/**
 * What of the site is fixed in code: its navigation. Its name, short name,
 * tagline and description are staff's to keep, in the site_settings row
 * (read through site-content.server.ts, in pages through useSiteIdentity).
 */

export const primaryNavigation = [
  { to: "/", label: "Home" },
  { to: "/menu", label: "Menu" },
  { to: "/about", label: "About" },
  { to: "/venue", label: "Venue" },
  { to: "/contact", label: "Contact" },
] as const;

/** Pages linked from the footer alone, beside the copyright line. */
export const footerNavigation = [{ to: "/accessibility", label: "Accessibility" }] as const;

/** Every public page but the events' own, as the sitemap lists them. */
export const publicPages = [
  ...primaryNavigation.map((page) => page.to),
  "/events",
  "/newsletter",
  ...footerNavigation.map((page) => page.to),
];
