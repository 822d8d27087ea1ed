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
