import { describe, expect, test } from "vitest";
import { torontoInstant } from "~/platform/clock/toronto-time";
import {
  calendarDateTime,
  escapeText,
  eventCalendarFile,
  foldLine,
  type CalendarFileInput,
} from "./event-calendar";
import type { PubEvent } from "./events";

/**
 * A reader for what the site writes, done as RFC 5545 says a calendar must
 * read a file: lines split on CRLF, folded lines joined (CRLF then a space or
 * tab), each content line split into name, parameters and value, and TEXT
 * values unescaped. It refuses a bare LF or CR, and a line over 75 octets.
 */
type Property = { name: string; params: Record<string, string>; value: string };

function parseCalendar(file: string): Property[] {
  expect(file.endsWith("\r\n"), "the file ends with CRLF").toBe(true);
  const physical = file.slice(0, -2).split("\r\n");
  for (const line of physical) {
    expect(line, "no bare CR or LF").not.toMatch(/[\r\n]/);
    expect(new TextEncoder().encode(line).length, `"${line}" fits 75 octets`).toBeLessThanOrEqual(
      75,
    );
  }
  const logical: string[] = [];
  for (const line of physical) {
    if (line.startsWith(" ") || line.startsWith("\t")) {
      expect(logical.length, "a continuation follows a line").toBeGreaterThan(0);
      logical[logical.length - 1] += line.slice(1);
    } else {
      logical.push(line);
    }
  }
  return logical.map((line) => {
    // The name and parameters end at the first colon outside a quoted parameter value.
    let quoted = false;
    let colon = -1;
    for (let index = 0; index < line.length; index++) {
      if (line[index] === '"') quoted = !quoted;
      else if (line[index] === ":" && !quoted) {
        colon = index;
        break;
      }
    }
    expect(colon, `"${line}" has a value`).toBeGreaterThan(0);
    const [name = "", ...params] = line.slice(0, colon).split(";");
    return {
      name,
      params: Object.fromEntries(params.map((param) => param.split("=", 2) as [string, string])),
      value: line.slice(colon + 1),
    };
  });
}

/** A TEXT value as written, read back (RFC 5545 3.3.11); an unknown escape is an error. */
function unescapeText(value: string): string {
  return value.replace(/\\(.)/g, (_, character: string) => {
    if (character === "n" || character === "N") return "\n";
    if ("\\;,".includes(character)) return character;
    throw new Error(`Unknown escape \\${character}`);
  });
}

/** The one VEVENT's properties by name (each appears once). */
function eventProperties(file: string): Map<string, Property> {
  const properties = parseCalendar(file);
  const begin = properties.findIndex((p) => p.name === "BEGIN" && p.value === "VEVENT");
  const end = properties.findIndex((p) => p.name === "END" && p.value === "VEVENT");
  expect(begin).toBeGreaterThan(0);
  const inside = properties.slice(begin + 1, end);
  const names = inside.map((p) => p.name);
  expect(new Set(names).size, "each property once").toBe(names.length);
  return new Map(inside.map((p) => [p.name, p]));
}

function value(file: string, name: string): string | undefined {
  return eventProperties(file).get(name)?.value;
}

const trivia: PubEvent = {
  id: 42,
  slug: "trivia-night",
  title: "Trivia Night",
  summary: "Six rounds, prizes for the top three.",
  description: "Bring a team of up to six.",
  startsAt: "2026-12-02T00:30:00.000Z",
  performer: "",
  endsAt: "2026-12-02T03:00:00.000Z",
  status: "scheduled",
  listedAt: "2026-11-01T14:00:00.000Z",
  previousStartsAt: null,
  priceCents: null,
  image: null,
};

function file(event: Partial<PubEvent> = {}, input: Partial<CalendarFileInput> = {}) {
  return eventCalendarFile({
    event: { ...trivia, ...event },
    url: "https://pub.example/events/trivia-night",
    host: "pub.example",
    location: "The Pub & Grill, Dundas Street at Richmond Street, London, ON",
    geo: { latitude: 42.9836, longitude: -81.2497 },
    now: new Date("2026-11-28T15:04:05.678Z"),
    producer: "The Pub & Grill",
    ...input,
  });
}

describe("the calendar file of an event", () => {
  test("is one VEVENT in an iCalendar 2.0 object, every line ending in CRLF", () => {
    const properties = parseCalendar(file());
    expect(properties[0]).toMatchObject({ name: "BEGIN", value: "VCALENDAR" });
    expect(properties.at(-1)).toMatchObject({ name: "END", value: "VCALENDAR" });
    const top = new Map(properties.map((p) => [p.name, p.value]));
    expect(top.get("VERSION")).toBe("2.0");
    expect(top.get("PRODID")).toBe("-//The Pub & Grill//Events//EN");
    expect(properties.filter((p) => p.name === "BEGIN").map((p) => p.value)).toEqual([
      "VCALENDAR",
      "VEVENT",
    ]);
    expect(file()).not.toMatch(/[^\r]\n/);
  });

  test("gives the start and end in UTC, and when the file was made", () => {
    expect(value(file(), "DTSTART")).toBe("20261202T003000Z");
    expect(value(file(), "DTEND")).toBe("20261202T030000Z");
    expect(value(file(), "DTSTAMP")).toBe("20261128T150405Z");
  });

  test("an event without an end lasts three hours, as the site takes it to", () => {
    expect(value(file({ endsAt: null }), "DTEND")).toBe("20261202T033000Z");
  });

  test("has a UID made from the event's row, unchanged by editing its title or address", () => {
    const uid = value(file(), "UID");
    expect(uid).toBe("event-42@pub.example");
    expect(value(file({ title: "Trivia Night: Finals", slug: "trivia-finals" }), "UID")).toBe(uid);
    expect(value(file({ id: 43 }), "UID")).not.toBe(uid);
  });

  test("names the event, the pub's address, its page and what it is", () => {
    const properties = eventProperties(file());
    expect(unescapeText(properties.get("SUMMARY")!.value)).toBe("Trivia Night");
    expect(unescapeText(properties.get("LOCATION")!.value)).toBe(
      "The Pub & Grill, Dundas Street at Richmond Street, London, ON",
    );
    expect(properties.get("GEO")?.value).toBe("42.9836;-81.2497");
    expect(properties.get("URL")?.value).toBe("https://pub.example/events/trivia-night");
    expect(unescapeText(properties.get("DESCRIPTION")!.value)).toBe(
      "Bring a team of up to six.\n\nhttps://pub.example/events/trivia-night",
    );
    expect(properties.get("STATUS")?.value).toBe("CONFIRMED");
  });

  test("a cancelled event is marked cancelled, so a calendar that has it shows so", () => {
    const cancelled = file({ status: "cancelled" });
    expect(value(cancelled, "STATUS")).toBe("CANCELLED");
    expect(unescapeText(value(cancelled, "SUMMARY")!)).toBe("Cancelled: Trivia Night");
  });

  test("a postponed event is only tentative on its old date; a rescheduled one is confirmed", () => {
    const postponed = file({ status: "postponed" });
    expect(value(postponed, "STATUS")).toBe("TENTATIVE");
    expect(unescapeText(value(postponed, "SUMMARY")!)).toBe("Postponed: Trivia Night");
    const moved = file({ status: "rescheduled", previousStartsAt: "2026-11-25T00:30:00.000Z" });
    expect(value(moved, "STATUS")).toBe("CONFIRMED");
    expect(unescapeText(value(moved, "SUMMARY")!)).toBe("Trivia Night");
    expect(value(moved, "DTSTART")).toBe("20261202T003000Z");
  });

  test("escapes commas, semicolons, backslashes and line breaks, and reads back as written", () => {
    const title = String.raw`Jazz, Blues; and a \ backslash`;
    const description = "Doors at 7.\nFirst set, 8 pm;\r\nsecond at 9:30.\rLast call \\n is late.";
    const written = file({ title, description });
    const properties = eventProperties(written);
    expect(properties.get("SUMMARY")?.value).toBe(String.raw`Jazz\, Blues\; and a \\ backslash`);
    expect(unescapeText(properties.get("SUMMARY")!.value)).toBe(title);
    expect(unescapeText(properties.get("DESCRIPTION")!.value)).toBe(
      "Doors at 7.\nFirst set, 8 pm;\nsecond at 9:30.\nLast call \\n is late.\n\nhttps://pub.example/events/trivia-night",
    );
  });

  test("folds long lines at 75 octets without splitting a character", () => {
    const description = `${"Poutine, crème brûlée and 🍺 ".repeat(12)}end.`;
    const written = file({ description });
    const physical = written.split("\r\n");
    expect(
      physical.some((line) => line.startsWith(" ")),
      "some line is folded",
    ).toBe(true);
    for (const line of physical) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
      // A cut inside a character's bytes would show as U+FFFD once decoded.
      expect(line).not.toContain("\uFFFD");
      expect(line).toBe(line.normalize());
    }
    expect(unescapeText(value(written, "DESCRIPTION")!)).toBe(
      `${description}\n\nhttps://pub.example/events/trivia-night`,
    );
  });

  test("gives the right UTC times across the autumn change of clocks in Toronto", () => {
    // Halloween night 2026: 10 pm daylight time to 2 am standard time, the
    // clocks going back at 2 am (EDT, UTC−4, then EST, UTC−5).
    const startsAt = torontoInstant("2026-10-31", "22:00").toISOString();
    const endsAt = torontoInstant("2026-11-01", "02:00").toISOString();
    const written = file({ startsAt, endsAt });
    expect(value(written, "DTSTART")).toBe("20261101T020000Z");
    expect(value(written, "DTEND")).toBe("20261101T070000Z");
  });

  test("and across the spring change", () => {
    // 8 March 2026: the clocks go forward at 2 am (EST to EDT).
    const startsAt = torontoInstant("2026-03-07", "21:00").toISOString();
    const endsAt = torontoInstant("2026-03-08", "03:00").toISOString();
    const written = file({ startsAt, endsAt });
    expect(value(written, "DTSTART")).toBe("20260308T020000Z");
    expect(value(written, "DTEND")).toBe("20260308T070000Z");
  });
});

describe("iCalendar's pieces", () => {
  test("an instant in UTC's basic form", () => {
    expect(calendarDateTime(new Date("2026-07-01T23:59:59.999Z"))).toBe("20260701T235959Z");
  });

  test("TEXT escaping", () => {
    expect(escapeText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
  });

  test("a line of 75 octets stays whole; one more folds, the continuation led by a space", () => {
    const exact = "X".repeat(75);
    expect(foldLine(exact)).toBe(exact);
    expect(foldLine(`${exact}Y`)).toBe(`${exact}\r\n Y`);
    const long = "Z".repeat(75 + 74 + 1);
    expect(
      foldLine(long)
        .split("\r\n")
        .map((line) => line.length),
    ).toEqual([75, 75, 2]);
  });

  test("a folded line keeps multi-byte characters whole", () => {
    const folded = foldLine(`${"a".repeat(74)}é`);
    expect(folded).toBe(`${"a".repeat(74)}\r\n é`);
  });
});
