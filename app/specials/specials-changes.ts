import { column, format, named, type TableWords } from "~/platform/change-words";

/** How a change to the specials is told in the recent changes. */
export const specialsChanges = {
  specials: {
    subject: (row) => named("special", row.title),
    columns: {
      title: column.text("Name"),
      description: column.text("Description"),
      price_cents: column.value("Price", format.money, "none"),
      weekday: column.value("Every week on", format.weekday, "none"),
      starts_on: column.value("First day", format.date, "none"),
      ends_on: column.value("Last day", format.date, "none"),
      starts_at: column.value("From", format.time, "opening"),
      ends_at: column.value("Until", format.time, "closing"),
      event_id: column.value("Only while this event is on", format.eventTitle, "none"),
      published: column.published,
      sort_order: column.order,
    },
  },
} satisfies Record<string, TableWords>;
