import type {
  DeliveryCounts,
  DeliveryState,
  NewsletterState,
} from "~/newsletter/newsletters.server";

/** The newsletter pages' words for states and counts. */

export const NEWSLETTER_STATE_WORDS: Record<NewsletterState, string> = {
  draft: "Draft",
  sending: "Sending",
  stopped: "Stopped",
  sent: "Sent",
};

export const DELIVERY_STATE_WORDS: Record<DeliveryState, string> = {
  waiting: "Waiting",
  sent: "Sent",
  failed: "Failed",
  bounced: "Bounced",
  stopped: "Not sent: stopped",
  unsubscribed: "Not sent: unsubscribed",
};

/** "12 sent, 3 waiting, 1 failed": the counts that are not zero, sent first. */
export function countsInWords(counts: DeliveryCounts): string {
  const parts = (
    [
      ["sent", counts.sent],
      ["waiting", counts.waiting],
      ["failed", counts.failed],
      ["bounced", counts.bounced],
      ["stopped", counts.stopped],
      ["unsubscribed", counts.unsubscribed],
    ] as const
  )
    .filter(([, count]) => count > 0)
    .map(([word, count]) =>
      word === "stopped" || word === "unsubscribed"
        ? `${count} not sent (${word})`
        : `${count} ${word}`,
    );
  return parts.length > 0 ? parts.join(", ") : "no copies";
}

/** A date and time in the pub's time, short: "Dec 6, 7:30 p.m.". */
export function whenInWords(iso: string): string {
  return new Date(iso).toLocaleString("en-CA", {
    timeZone: "America/Toronto",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}
