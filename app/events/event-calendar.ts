import { eventEnd, eventGoesAhead, type PubEvent } from "./events";
import { EVENT_STATUS_LABELS } from "./event-words";

/**
 * An event as an iCalendar file (RFC 5545) for "Add to calendar": one
 * VEVENT, its times in UTC (so no time zone definition is needed and every
 * calendar shows it at the right Toronto time, summer or winter), lines
 * ending in CRLF and folded at 75 octets, text values escaped.
 */

export type CalendarFileInput = {
  event: PubEvent;
  /** The event page's absolute URL. */
  url: string;
  /** The host the UID is made under: the site's own, so the UID stays the same for the event. */
  host: string;
  /** Where it happens: the pub's name and address on one line. */
  location: string;
  geo?: { latitude: number; longitude: number };
  /** When the file is made (DTSTAMP). */
  now: Date;
  /** The calendar's name for its maker (PRODID), the site's name. */
  producer: string;
};

/** "20261205T010000Z": an instant in UTC, as iCalendar writes one. */
export function calendarDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n?|\n/g, "\\n");
}

const encoder = new TextEncoder();
const MAX_OCTETS = 75;

/**
 * A content line folded so no line passes 75 octets (RFC 5545 3.1): each
 * continuation starts with a space, which counts towards its 75. A line is
 * cut between characters, never inside one's UTF-8 bytes.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** RFC 5545's STATUS: a postponed event's date no longer holds, so it is only tentative. */
const STATUS = {
  scheduled: "CONFIRMED",
  rescheduled: "CONFIRMED",
  "sold-out": "CONFIRMED",
  postponed: "TENTATIVE",
  cancelled: "CANCELLED",
} as const satisfies Record<PubEvent["status"], string>;

export function eventCalendarFile({
  event,
  url,
  host,
  location,
  geo,
  now,
  producer,
}: CalendarFileInput): string {
  const description = [event.description || event.summary, url].filter(Boolean).join("\n\n");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(producer)}//Events//EN`,
    "CALSCALE:GREGORIAN",
    "BEGIN:VEVENT",
    // The row's id, which never changes: a file downloaded again updates the
    // same calendar entry, even after the title or web address is edited.
    `UID:event-${event.id}@${host}`,
    `DTSTAMP:${calendarDateTime(now)}`,
    `DTSTART:${calendarDateTime(new Date(event.startsAt))}`,
    // Without an end the site takes an event to last three hours; so does the calendar.
    `DTEND:${calendarDateTime(eventEnd(event))}`,
    `SUMMARY:${escapeText(eventGoesAhead(event) ? event.title : `${EVENT_STATUS_LABELS[event.status]}: ${event.title}`)}`,
    ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
    `LOCATION:${escapeText(location)}`,
    ...(geo ? [`GEO:${geo.latitude};${geo.longitude}`] : []),
    `URL:${url}`,
    `STATUS:${STATUS[event.status]}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
