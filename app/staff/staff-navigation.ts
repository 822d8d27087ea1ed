/** The staff area's sections, in the order its navigation lists them. */
export const staffNavigation = [
  { to: "/staff", label: "Enquiries", end: true, ownersOnly: false },
  { to: "/staff/menu", label: "Menu", end: false, ownersOnly: false },
  { to: "/staff/specials", label: "Specials", end: false, ownersOnly: false },
  { to: "/staff/hours", label: "Hours", end: false, ownersOnly: false },
  { to: "/staff/events", label: "Events", end: false, ownersOnly: false },
  { to: "/staff/venue", label: "Venue", end: false, ownersOnly: false },
  { to: "/staff/pages", label: "Pages", end: false, ownersOnly: false },
  { to: "/staff/questions", label: "Questions", end: false, ownersOnly: false },
  { to: "/staff/settings", label: "Site", end: false, ownersOnly: false },
  { to: "/staff/people", label: "People", end: false, ownersOnly: false },
  { to: "/staff/changes", label: "Changes", end: false, ownersOnly: false },
  { to: "/staff/newsletter", label: "Newsletter", end: false, ownersOnly: false },
  // The mail the site sends holds visitors' details: owners only.
  { to: "/staff/outbox", label: "Outbox", end: false, ownersOnly: true },
] as const;

/**
 * What the navigation shows beyond the sections: the count of enquiries
 * nobody has opened yet (null when it could not be read), and whether the
 * signed-in member is an owner. The loader data of `routes/staff/area`.
 */
export type StaffAreaData = { unreadEnquiries: number | null; isOwner: boolean };

/** The route whose loader gives StaffAreaData. */
export const STAFF_AREA_ROUTE = "routes/staff/area";
