import {
  choice,
  instant,
  money,
  named,
  published,
  skip,
  textColumn,
  value,
  type TableWords,
} from "~/platform/change-words";
import { eventStatusLabels } from "~/events/editor/event-editor";

/** How a change to the events is told in the recent changes. */
export const eventChanges = {
  events: {
    subject: (row) => named("event", row.title),
    columns: {
      title: textColumn("Title"),
      slug: textColumn("Web address"),
      summary: textColumn("Summary"),
      description: textColumn("Description"),
      starts_at: value("Starts", instant),
      ends_at: value("Ends", instant, "no end time"),
      status: value("Status", choice(eventStatusLabels)),
      price_cents: value("Cover charge", money, "free"),
      performer: textColumn("Performer"),
      image_path: { kind: "picture", label: "Picture", alt: "image_alt" },
      image_alt: skip,
      published,
    },
  },
} satisfies Record<string, TableWords>;
