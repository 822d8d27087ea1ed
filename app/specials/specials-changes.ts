import {
  date,
  eventTitle,
  money,
  named,
  order,
  published,
  textColumn,
  time,
  value,
  weekday,
  type TableWords,
} from "~/platform/change-words";

/** How a change to the specials is told in the recent changes. */
export const specialsChanges = {
  specials: {
    subject: (row) => named("special", row.title),
    columns: {
      title: textColumn("Name"),
      description: textColumn("Description"),
      price_cents: value("Price", money, "none"),
      weekday: value("Every week on", weekday, "none"),
      starts_on: value("First day", date, "none"),
      ends_on: value("Last day", date, "none"),
      starts_at: value("From", time, "opening"),
      ends_at: value("Until", time, "closing"),
      event_id: value("Only while this event is on", eventTitle, "none"),
      published,
      sort_order: order,
    },
  },
} satisfies Record<string, TableWords>;
