/** The site's identity: page titles, the header's wordmark, the manifest. */
export const site = {
  name: "The Squire Pub & Grill",
  shortName: "The Squire",
  tagline: "Pub & Grill",
  description: "Downtown London, Ontario's premier pub and grill",
} as const;

export const primaryNavigation = [
  { to: "/", label: "Home" },
  { to: "/menu", label: "Menu" },
  { to: "/about", label: "About" },
  { to: "/venue", label: "Venue" },
  { to: "/contact", label: "Contact" },
] as const;
