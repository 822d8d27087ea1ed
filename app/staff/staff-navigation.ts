/** The staff area's sections, in the order its navigation lists them. */
export const staffNavigation = [
  { to: "/staff", label: "Enquiries", end: true },
  { to: "/staff/menu", label: "Menu", end: false },
  { to: "/staff/specials", label: "Specials", end: false },
  { to: "/staff/hours", label: "Hours", end: false },
  { to: "/staff/events", label: "Events", end: false },
  { to: "/staff/venue", label: "Venue", end: false },
  { to: "/staff/settings", label: "Site", end: false },
  { to: "/staff/people", label: "People", end: false },
  { to: "/staff/changes", label: "Changes", end: false },
] as const;
