import { column, format, named, type TableWords } from "~/platform/change-words";
import { EVENT_STATUS_LABELS } from "~/events/event-words";

/** How a change to the events is told in the recent changes. */
export const eventChanges = {
  events: {
    subject: (row) => named("event", row.title),
    columns: {
      title: column.text("Title"),
      slug: column.text("Web address"),
      summary: column.text("Summary"),
      description: column.text("Description"),
      starts_at: column.value("Starts", format.instant),
      ends_at: column.value("Ends", format.instant, "no end time"),
      status: column.value("Status", format.choice(EVENT_STATUS_LABELS)),
      previous_starts_at: column.value("Moved from", format.instant, "no earlier date"),
      price_cents: column.value("Cover charge", format.money, "free"),
      performer: column.text("Performer"),
      image_path: { kind: "picture", label: "Picture", alt: "image_alt" },
      image_alt: column.skip,
      published: column.published,
    },
  },
} satisfies Record<string, TableWords>;
