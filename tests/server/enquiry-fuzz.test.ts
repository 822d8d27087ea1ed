import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { Random as SeededRandom } from "../support/malformed-requests";
import { getOpeningSchedule } from "~/hours/hours.server";
import {
  contactFields,
  contactTopics,
  earliestBookingDate,
  latestBookingDate,
  venueFields,
} from "~/enquiries/enquiry-fields";
import { DEFAULT_RATE_LIMITS } from "~/platform/form-protection";
import { cleanLine } from "~/platform/forms/typed-input";
import { enquiryReceiptCookie } from "~/enquiries/enquiry-receipt.server";
import { hoursOn, type OpeningSchedule } from "~/hours/opening-hours";
import { torontoDate } from "~/platform/clock/toronto-time";
import { MAX_BODY_BYTES } from "~/server/pipeline/request-body";
import {
  clientDirectory,
  importBuiltServer,
  type BuiltServer,
  type ClientAddress,
} from "../support/built-server";
import { openTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * Random and hostile posts of the contact and venue forms through the built
 * server's whole fetch handler (body limit, cross-site guard, actions and
 * document rendering), checking that none gets a 5xx, that no answer echoes a
 * value as markup, and that every row stored afterwards obeys the forms' rules.
 *
 * A failure names the seed and the payload's index: FUZZ_SEED=<seed> replays
 * the same run (on the same day: the venue dates are drawn from today on).
 * FUZZ_COUNT sends more (or fewer) payloads.
 */

const DEFAULT_SEED = 0x5eed_2026;
const SEED = parseSeed(process.env.FUZZ_SEED);
const PAYLOADS = Math.max(1, Number.parseInt(process.env.FUZZ_COUNT ?? "", 10) || 2_000);
const ORIGIN = "http://localhost";
/** The server's limits: per address 5 in 10 minutes, per email 3 an hour. */
const PER_ADDRESS = {
  max: DEFAULT_RATE_LIMITS.perAddress.max,
  windowMs: DEFAULT_RATE_LIMITS.perAddress.windowSeconds * 1000,
};
const PER_EMAIL = {
  max: DEFAULT_RATE_LIMITS.perEmail.max,
  windowMs: DEFAULT_RATE_LIMITS.perEmail.windowSeconds * 1000,
};

function parseSeed(text: string | undefined): number {
  if (!text?.trim()) return DEFAULT_SEED;
  const seed = Number(text.trim());
  if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, got ${text}`);
  return seed >>> 0;
}

// ---------------------------------------------------------------------------
// A small seeded random source.

/** The seeded source the malformed requests use, with what enquiries need besides. */
class Random extends SeededRandom {
  float(): number {
    return this.next();
  }
  uuid(): string {
    const variant = "89ab"[this.int(0, 3)]!;
    return `${this.hex(8)}-${this.hex(4)}-4${this.hex(3)}-${variant}${this.hex(3)}-${this.hex(12)}`;
  }
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }
  /** `length` characters (code points) drawn from `alphabet`. */
  text(alphabet: readonly string[], length: number): string {
    let text = "";
    for (let i = 0; i < length; i++) text += this.pick(alphabet);
    return text;
  }
}

// ---------------------------------------------------------------------------
// What the fuzz sends.

type Kind = "contact" | "venue";
type FileValue = { file: string; filename: string; type: string };
type Entry = [name: string, value: string | FileValue];
/** valid: must be stored (303), bar a reused token or the rate limit; invalid: must be 400. */
type Expectation = "valid" | "invalid" | "unknown";

type Payload = {
  index: number;
  kind: Kind;
  path: string;
  labels: string[];
  expectation: Expectation;
  /** Substrings that would be markup if they came back unescaped. */
  markers: Set<string>;
  address: string;
  /** The form fields; absent for a raw body. */
  entries?: Entry[];
  /** The fields the post stands for, raw bodies included: what its token and email are. */
  form: Entry[];
  encoding: "urlencoded" | "multipart";
  raw?: { body: Uint8Array | null; contentType: string | null };
  stream?: boolean;
  /** A Content-Length header that does not match the body. */
  declaredLength?: number;
  /** The exact size the encoded body is padded to (with a "notes" field). */
  padTo?: number;
};

type Space = { id: number; slug: string; name: string; capacity: number };
type OpenDay = { date: string; opensAt: number; closesAt: number };
type World = { spaces: Space[]; openDays: OpenDay[]; today: string; schedule: OpeningSchedule };

/** Markup that must never come back as markup; each with the raw substrings that would show it did. */
const MARKUP: ReadonlyArray<{ value: string; markers: string[] }> = [
  { value: "<script>alert(1)</script>", markers: ["<script>alert(1)"] },
  { value: '"><img src=x onerror=alert(1)>', markers: ["<img src=x onerror=alert(1)>"] },
  { value: "'><svg/onload=alert(1)>", markers: ["<svg/onload"] },
  {
    value: "</textarea><script>alert(2)</script>",
    markers: ["</textarea><script>", "<script>alert(2)"],
  },
  { value: "</title><script>alert(3)</script>", markers: ["</title><script>", "<script>alert(3)"] },
  {
    value: "</script><script>alert(4)</script>",
    markers: ["</script><script>", "<script>alert(4)"],
  },
  { value: "<!--<script>alert(5)</script>-->", markers: ["<!--<script>", "<script>alert(5)"] },
  { value: "javascript:alert(6)", markers: ['href="javascript:', 'src="javascript:'] },
  { value: '<a href="javascript:alert(7)">click</a>', markers: ['<a href="javascript:'] },
  { value: '<iframe src="javascript:alert(8)"></iframe>', markers: ["<iframe"] },
  {
    value: "<scr<script>ipt>alert(9)</scr</script>ipt>",
    markers: ["<scr<script>", "<script>ipt>"],
  },
  { value: "<ScRiPt>alert(10)</sCrIpT>", markers: ["<ScRiPt>"] },
  { value: '<img src=x onerror="alert(11)"', markers: ["<img src=x onerror"] },
  { value: "<style>body{display:none}</style>", markers: ["<style>body{"] },
  {
    value: '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
    markers: ['<meta http-equiv="refresh"'],
  },
  { value: '<base href="https://evil.example/">', markers: ["<base href"] },
  {
    value: '<form action="https://evil.example/"><button>Go</button></form>',
    markers: ['<form action="https://evil.example/"'],
  },
  { value: '" autofocus onfocus="alert(12)" x="', markers: ['" autofocus onfocus="alert(12)"'] },
  { value: "' onmouseover='alert(13)", markers: [] },
  { value: "<svg><animate onbegin=alert(14) attributeName=x dur=1s>", markers: ["<svg><animate"] },
  {
    value: "<math><mtext><table><mglyph><style><img src=x onerror=alert(15)>",
    markers: ["<math>"],
  },
  { value: "\\u003cscript\\u003ealert(16)\\u003c/script\\u003e", markers: [] },
  { value: "&lt;script&gt;alert(17)&lt;/script&gt;", markers: [] },
  { value: "<x onclick=alert(18)>click", markers: ["<x onclick"] },
];
/** Template syntax: if any engine evaluated it, the product would show. */
const TEMPLATE_PRODUCT = String(7777 * 7777);
const TEMPLATES = [
  "{{7*7}}",
  "${7*7}",
  "{{7777*7777}}",
  "${7777*7777}",
  "#{7777*7777}",
  "<%= 7777*7777 %>",
  "{{constructor.constructor('alert(1)')()}}",
  "{% raw %}{{7777*7777}}{% endraw %}",
];
const SQLISH = [
  "'; drop table enquiries; --",
  "' or 1=1 --",
  "\\x00",
  "'||(select version())||'",
  "1; select pg_sleep(5); --",
  "Robert'); DROP TABLE students;--",
  "$1",
  "$$; drop table public.enquiries; $$",
  "E'\\x00'",
  "admin'--",
  '" OR ""="',
  "NULL",
  "null",
  "undefined",
  "\\",
  "%00",
  "' union select submission_token::text from public.enquiries --",
];
const CONTROLS = [
  "\u0000",
  "\r",
  "\n",
  "\r\n",
  "\t",
  "\u000b",
  "\u000c",
  "\u0007",
  "\u001b[31m",
  "\u007f",
  "\u0085",
  "\u009b",
  "\u2028",
  "\u2029",
  "\ufeff",
  "\u200b",
  "\u200c",
  "\u200d",
  "\u2060",
  "\u202e",
  "\u00a0",
];
const EMOJI = ["🍺", "🍻", "🥧", "🎉", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🇨🇦", "👍🏽", "🤷‍♀️", "🦄"];
const COMBINING = Array.from({ length: 0x70 }, (_, i) => String.fromCodePoint(0x300 + i));
const RTL = [..."مرحبا بالعالم שלום עולם"];
const ASTRAL = [..."𝕳𝖊𝖑𝖑𝖔𝐀𝐁𝐂𠀀𠀁𠀂𓀀𓀁🀄🃏"];
const CJK = [..."你好世界漢字日本語한국어"];
const LATIN = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "];
const ALPHABETS = [EMOJI, COMBINING, RTL, ASTRAL, CJK, LATIN, CONTROLS];

const FIRST_NAMES = [
  "Sam",
  "Priya",
  "Zoë",
  "José",
  "Nguyễn",
  "李",
  "محمد",
  "שרה",
  "Siobhán",
  "Ørjan",
  "Anne-Marie",
  "Kwame",
  "O'Brien",
  "Zoe\u0308",
];
const LAST_NAMES = [
  "Okafor",
  "Raman",
  "Kowalski",
  "Álvarez",
  "Văn An",
  "小龍",
  "Ní Bhriain",
  "Åsmund",
];
const MESSAGE_WORDS = [
  "table",
  "for",
  "eight",
  "on",
  "Friday",
  "birthday",
  "drinks",
  "sharing plates",
  "the patio",
  "wheelchair access?",
  "lost a green scarf",
  "thanks!",
  "🍺",
  "café",
  "naïve",
  "d'accord",
];

const UNKNOWN_FIELDS = [
  "notes",
  "admin",
  "__proto__",
  "constructor",
  "kind",
  "topic[]",
  "$where",
  "a".repeat(200),
];

/** A phone number people type, as one of the ways they type it. */
function validPhone(random: Random): string {
  const area = `${random.int(2, 9)}${random.int(0, 9)}${random.int(0, 9)}`;
  const exchange = `${random.int(2, 9)}${random.int(0, 9)}${random.int(0, 9)}`;
  const line = String(random.int(0, 9999)).padStart(4, "0");
  return random.pick([
    `${area}-${exchange}-${line}`,
    `(${area}) ${exchange}-${line}`,
    `${area}.${exchange}.${line}`,
    `${area}${exchange}${line}`,
    `+1 ${area} ${exchange} ${line}`,
    `1-${area}-${exchange}-${line}`,
  ]);
}

function validMessage(random: Random): string {
  const words: string[] = [];
  const target = random.int(12, 400);
  while (words.join(" ").length < target) words.push(random.pick(MESSAGE_WORDS));
  let message = words.join(" ");
  if (random.chance(0.2))
    message = message.replace(/ on /, random.pick([" on\r\n", " on\n", "\t"]));
  return message;
}

function minutesText(minutes: number, withSeconds: boolean): string {
  const text = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  return withSeconds ? `${text}:00` : text;
}

/** The minutes of a day's span (all day when it closes as it opens). */
const spanMinutes = ({ opensAt, closesAt }: OpenDay) => (closesAt - opensAt + 1440) % 1440 || 1440;

const toMinutes = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
};

/** An email of its own, or one of a few shared ones (which the per-email limit catches). */
function validEmail(random: Random, index: number): string {
  if (random.chance(0.04)) return random.pick(SHARED_EMAILS);
  const local = random.pick([
    `guest.${index}.${random.hex(4)}`,
    `Guest+${index}_${random.hex(3)}`,
    `o'neil-${index}-${random.hex(2)}`,
  ]);
  const domain = random.pick([
    "example.com",
    "mail.example.ca",
    "EXAMPLE.org",
    "sub.example.co.uk",
  ]);
  return `${local}@${domain}`;
}
const SHARED_EMAILS = [
  "regular@example.com",
  "Regular@Example.com",
  "family@example.ca",
  "office@example.org",
];
/** Addresses several posts share, as a household or office does: the per-address limit catches them. */
const SHARED_ADDRESSES = ["198.51.100.7", "198.51.100.8", "2001:db8::7"];

/** An address of its own; an IPv6 one in a /64 of its own, as the limit counts a /64 as one client. */
function uniqueAddress(index: number): string {
  return index % 5 === 4
    ? `2001:db8:${index.toString(16)}::${(index % 251).toString(16)}`
    : `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

/** A form as a person fills it in on the site. */
function validEntries(random: Random, kind: Kind, world: World, index: number): Entry[] {
  const name = random.chance(0.8)
    ? `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`
    : random.pick(FIRST_NAMES);
  const common: Entry[] = [
    ["name", name],
    ["email", validEmail(random, index)],
    ["phone", random.chance(0.5) ? validPhone(random) : ""],
  ];
  const tail: Entry[] = [["consent", "on"]];
  if (random.chance(0.4)) tail.push(["newsletter", "on"]);
  const hidden: Entry[] = [
    ["submission", random.uuid()],
    ["website", ""],
  ];
  if (kind === "contact") {
    return [
      ...hidden,
      ...common,
      ["topic", random.pick(contactTopics)],
      ["message", validMessage(random)],
      ...tail,
    ];
  }
  const space = random.pick(world.spaces);
  const day = random.pick(world.openDays);
  // From opening to closing or midnight: the small hours count as the night before.
  const evening = day.closesAt > day.opensAt ? day.closesAt - day.opensAt : 1440 - day.opensAt;
  const start = day.opensAt + random.int(0, evening - 1);
  return [
    ...hidden,
    ["space", space.slug],
    ["date", day.date],
    ["startTime", minutesText(start, random.chance(0.1))],
    ["partySize", String(random.int(1, space.capacity))],
    ...common,
    ["message", validMessage(random)],
    ...tail,
  ];
}

/** A hostile value, with the markers it carries. */
function hostileValue(random: Random): { value: string; markers: string[]; label: string } {
  switch (random.int(0, 6)) {
    case 0:
    case 1: {
      const markup = random.pick(MARKUP);
      return { ...markup, label: "markup" };
    }
    case 2:
      return { value: random.pick(TEMPLATES), markers: [], label: "template" };
    case 3:
      return { value: random.pick(SQLISH), markers: [], label: "sql" };
    case 4: {
      let value = "";
      for (let i = random.int(1, 6); i > 0; i--) {
        value += random.pick(CONTROLS) + (random.chance(0.5) ? random.pick(LATIN) : "");
      }
      return { value, markers: [], label: "control" };
    }
    case 5: {
      const length = random.pick([1, 99, 100, 101, 1000, 5000, 5001, 10_000, 12_000]);
      return {
        value: random.text(random.pick(ALPHABETS), length),
        markers: [],
        label: `unicode${length}`,
      };
    }
    default:
      return {
        value: random.pick([
          "12345",
          "-1",
          "1e309",
          "0x1F",
          "NaN",
          "Infinity",
          "true",
          "[]",
          "{}",
          '{"$gt":""}',
          '["general","media"]',
          '{"__proto__":{"admin":true}}',
          "[object Object]",
          "",
          " ",
        ]),
        markers: [],
        label: "type",
      };
  }
}

/** Whether a field of the form comes more than once: the form comes back saying so. */
function sendsAFieldTwice(payload: Payload): boolean {
  const entries = payload.entries ?? [];
  return fieldsOf(payload.kind).some(
    (field) => entries.filter(([key]) => key === field).length > 1,
  );
}

function firstValue(entries: readonly Entry[], name: string): string | FileValue | undefined {
  return entries.find(([key]) => key === name)?.[1];
}

function firstString(entries: readonly Entry[], name: string): string {
  const value = firstValue(entries, name);
  return typeof value === "string" ? value : "";
}

/** Replaces every entry of `name` with `value` (or removes them when it is undefined). */
function setField(entries: Entry[], name: string, value: string | FileValue | undefined): Entry[] {
  const at = entries.findIndex(([key]) => key === name);
  const rest = entries.filter(([key]) => key !== name);
  if (value === undefined) return rest;
  rest.splice(at === -1 ? rest.length : at, 0, [name, value]);
  return rest;
}

const fieldsOf = (kind: Kind): readonly string[] =>
  kind === "contact" ? contactFields : venueFields;
const requiredOf = (kind: Kind): string[] =>
  fieldsOf(kind).filter((field) => field !== "phone" && field !== "newsletter");

const hostileFile = (random: Random): FileValue => ({
  file: random.pick(["MZ\u0000\u0001binary", "<script>alert(1)</script>", "%PDF-1.7", ""]),
  filename: random.pick([
    "<script>alert(1)</script>.html",
    "../../etc/passwd",
    "résumé.pdf",
    "a\u0000.txt",
  ]),
  type: random.pick(["text/html", "application/octet-stream", "image/svg+xml", ""]),
});

/** Changes that leave a valid form valid, but for a field sent twice (`sendsAFieldTwice`). */
function keepValid(random: Random, payload: Payload): void {
  const entries = payload.entries!;
  switch (random.int(0, 9)) {
    case 0: {
      const hostile = hostileValue(random);
      entries.push([random.pick(UNKNOWN_FIELDS), hostile.value]);
      hostile.markers.forEach((marker) => payload.markers.add(marker));
      payload.labels.push(`extra-field:${hostile.label}`);
      break;
    }
    case 1: {
      const field = random.pick(fieldsOf(payload.kind));
      const hostile = hostileValue(random);
      entries.push([field, hostile.value]);
      hostile.markers.forEach((marker) => payload.markers.add(marker));
      payload.labels.push(`duplicate-after:${field}:${hostile.label}`);
      break;
    }
    case 2: {
      const token = firstString(entries, "submission");
      payload.entries = setField(entries, "submission", token.toUpperCase());
      payload.labels.push("token-uppercase");
      break;
    }
    case 3: {
      const field = random.pick(["phone", "newsletter", "website", "submission"]);
      payload.entries = setField(entries, field, undefined);
      payload.labels.push(`drop:${field}`);
      break;
    }
    case 4:
      payload.entries = setField(entries, "website", random.pick([" ", "\t\n", "\u00a0", "\r\n "]));
      payload.labels.push("honeypot-whitespace");
      break;
    case 5:
      payload.entries = setField(
        entries,
        "submission",
        random.pick([...SQLISH, ...TEMPLATES, "not-a-uuid", ""]),
      );
      payload.labels.push("token-garbage");
      break;
    case 6: {
      // Fields in another order; a field's own values keep theirs (the first one counts).
      const values = new Map<string, Array<Entry[1]>>();
      for (const [key, value] of entries) values.set(key, [...(values.get(key) ?? []), value]);
      const keys = random.shuffle(entries.map(([key]) => key));
      payload.entries = keys.map((key) => [key, values.get(key)!.shift()!]);
      payload.labels.push("shuffled");
      break;
    }
    case 7:
      entries.push([random.pick(UNKNOWN_FIELDS), hostileFile(random)]);
      payload.encoding = "multipart";
      payload.markers.add("<script>alert(1)");
      payload.labels.push("file-extra");
      break;
    case 8: {
      const field = random.pick(["phone", "newsletter", "website", "submission"]);
      payload.entries = setField(entries, field, hostileFile(random));
      payload.encoding = "multipart";
      payload.markers.add("<script>alert(1)");
      payload.labels.push(`file-optional:${field}`);
      break;
    }
    default:
      payload.path = `${payload.path}?${random.pick(["utm_source=news", "ref=%3Cscript%3Ealert(1)%3C%2Fscript%3E", "q=%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E"])}`;
      payload.markers.add("<script>alert(1)");
      payload.markers.add("<img src=x onerror=alert(1)>");
      payload.labels.push("query");
  }
}

/** Changes that may or may not leave the form valid. */
function mutateUnknown(random: Random, payload: Payload): void {
  const fields = [...fieldsOf(payload.kind), "submission", "website"];
  const field = random.chance(0.6)
    ? random.pick(
        payload.kind === "contact"
          ? ["name", "message", "email", "phone"]
          : ["name", "message", "email", "partySize", "date", "startTime", "space"],
      )
    : random.pick(fields);
  if (field === "website") {
    // A filled honeypot is certain to be refused; whitespace is not "filled".
    keepValid(random, payload);
    return;
  }
  const entries = payload.entries!;
  const current = firstString(entries, field);
  const hostile = hostileValue(random);
  hostile.markers.forEach((marker) => payload.markers.add(marker));
  let value: string;
  const how = random.int(0, 4);
  if (how === 0) value = hostile.value;
  else if (how === 1) value = `${hostile.value}${current}`;
  else if (how === 2) value = `${current}${hostile.value}`;
  else if (how === 3) {
    const at = random.int(0, current.length);
    value = `${current.slice(0, at)}${hostile.value}${current.slice(at)}`;
  } else {
    value = `${random.pick(["", " ", "  ", "\u00a0", "\t"])}${current}${random.pick(["", " ", "\u3000", "\n"])}`;
  }
  if (random.chance(0.15)) {
    payload.entries = [[field, value], ...entries];
    payload.labels.push(`prepend:${field}:${hostile.label}`);
  } else {
    payload.entries = setField(entries, field, value);
    payload.labels.push(
      `${["replace", "prefix", "suffix", "insert", "pad"][how]}:${field}:${hostile.label}`,
    );
  }
}

/** Changes after which the form is certainly refused. They run last and replace every entry of the field. */
function breakForm(random: Random, payload: Payload, world: World): void {
  const kind = payload.kind;
  const choices: Array<() => void> = [];
  const set = (
    field: string,
    value: string | FileValue | undefined,
    label: string,
    markers: readonly string[] = [],
  ) =>
    choices.push(() => {
      payload.entries = setField(payload.entries!, field, value);
      if (typeof value === "object") payload.encoding = "multipart";
      markers.forEach((marker) => payload.markers.add(marker));
      for (const markup of MARKUP) {
        if (typeof value === "string" && value.includes(markup.value)) {
          markup.markers.forEach((marker) => payload.markers.add(marker));
        }
      }
      payload.labels.push(`break:${field}:${label}`);
    });
  set("consent", random.pick([undefined, "yes", "true", "ON", "on ", "1", "", "off"]), "consent");
  const trap = hostileValue(random);
  set("website", `${trap.value}x`, "honeypot", trap.markers);
  set(
    "name",
    random.pick(["", "   ", "\u0000\u200b\u2028", "\t\r\n", "n".repeat(101), "😀".repeat(101)]),
    "name",
  );
  set("name", hostileFile(random), "name-file");
  set(
    "email",
    random.pick([
      "not-an-email",
      "a@b",
      "@example.com",
      "sam@",
      "sam@@example.com",
      "",
      `${"a".repeat(250)}@example.com`,
      "sam@exa mple.com",
      "<script>alert(1)</script>@example.com",
      "sam@example..com",
      "'; drop table enquiries; --",
    ]),
    "email",
  );
  set(
    "message",
    random.pick([
      "",
      "short",
      "\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000",
      "x".repeat(5001),
      "🍺".repeat(5001),
      "        hi        ",
    ]),
    "message",
  );
  set(
    "phone",
    random.pick([
      "555-0134",
      "+44 20 7946 0958",
      "123",
      "519-555-01345",
      "(019) 555-0134",
      "519-155-0134",
      "call me",
      "+1 (519) 555-0134 ext 2",
      "５１９５５５０１３４",
    ]),
    "phone",
  );
  const required = random.pick(requiredOf(kind));
  choices.push(() => {
    payload.entries = setField(payload.entries!, required, undefined);
    payload.labels.push(`break:missing:${required}`);
  });
  choices.push(() => {
    const value = firstValue(payload.entries!, required) ?? "x";
    payload.entries = setField(payload.entries!, required, undefined);
    payload.entries.push([
      random.pick([`${required}[]`, required.toUpperCase(), `${required} `, `${required}[0]`]),
      value,
    ]);
    payload.labels.push(`break:renamed:${required}`);
  });
  if (kind === "contact") {
    set(
      "topic",
      random.pick([
        "",
        "General",
        '["general"]',
        "general\u0000",
        "other",
        "<script>alert(1)</script>",
        "1",
      ]),
      "topic",
    );
  } else {
    const space = world.spaces.find(
      (candidate) => candidate.slug === firstString(payload.entries!, "space"),
    );
    set(
      "space",
      random.pick([
        "",
        "the-ballroom",
        "THE-SNUG",
        "../the-snug",
        "1",
        "The Snug",
        "the_snug",
        "<script>alert(1)</script>",
      ]),
      "space",
    );
    set(
      "partySize",
      random.pick([
        "0",
        "-1",
        "-0",
        "1.5",
        "12.0",
        "1e2",
        "1e309",
        "0x10",
        "NaN",
        "Infinity",
        "99999999999999999999",
        "1000000",
        "12abc",
        "",
        "１２",
        "twelve",
        String(Number.MAX_SAFE_INTEGER),
        ...(space ? [String(space.capacity + 1), String(space.capacity * 10)] : []),
      ]),
      "party-size",
    );
    const past = random.int(0, 2000);
    set(
      "date",
      random.pick([
        world.today,
        "1970-01-01",
        "0000-00-00",
        "2024-02-30",
        "9999-12-31",
        "+275760-09-13",
        "2027-13-01",
        "2027-1-1",
        "tomorrow",
        "",
        `${world.today}T19:30`,
        new Date(Date.parse(world.today) - past * 86_400_000).toISOString().slice(0, 10),
        new Date(Date.parse(latestBookingDate(world.today)) + random.int(1, 5000) * 86_400_000)
          .toISOString()
          .slice(0, 10),
        "2027-02-29",
      ]),
      "date",
    );
    set(
      "startTime",
      random.pick([
        "25:00",
        "24:00",
        "12:60",
        "7pm",
        "",
        "19:30:61",
        "-01:00",
        "19h30",
        "1930",
        "19:30Z",
        "19:3",
        "NaN:NaN",
      ]),
      "time",
    );
    const date = firstString(payload.entries!, "date");
    const day = world.openDays.find((candidate) => candidate.date === date);
    if (day && spanMinutes(day) < 1440) {
      // Closed then: after closing and before opening, but not in the night
      // before's late opening (which the small hours belong to).
      for (let attempt = 0; attempt < 20; attempt++) {
        const outside = (day.closesAt + random.int(0, 1440 - spanMinutes(day) - 1)) % 1440;
        if (lateNightBefore(day.date, outside, world.schedule)) continue;
        set("startTime", minutesText(outside, false), "time-outside-hours");
        break;
      }
    }
  }
  random.pick(choices)();
}

/** A body built by hand: the cases a form object cannot express. */
function structural(random: Random, payload: Payload, world: World): void {
  const base = payload.entries!;
  const urlencoded = (entries: readonly Entry[]) =>
    new URLSearchParams(
      entries.map(([key, value]) => [key, typeof value === "string" ? value : value.file]),
    ).toString();
  const bytes = (text: string) => new TextEncoder().encode(text);
  const raw = (
    label: string,
    body: Uint8Array | string | null,
    contentType: string | null,
    expectation: Expectation,
  ) => {
    payload.raw = { body: typeof body === "string" ? bytes(body) : body, contentType };
    payload.form = base;
    payload.entries = undefined;
    payload.expectation = expectation;
    payload.labels.push(label);
  };
  const FORM = "application/x-www-form-urlencoded";
  switch (random.int(0, 15)) {
    case 0:
      return raw("empty-body", "", FORM, "invalid");
    case 1:
      return raw("no-body", null, FORM, "invalid");
    case 2:
      return raw(
        "text-plain",
        urlencoded(base),
        random.pick(["text/plain", "text/plain;charset=UTF-8"]),
        "invalid",
      );
    case 3: {
      const json = JSON.stringify(Object.fromEntries(base.map(([key, value]) => [key, value])));
      return raw("json", json, random.pick(["application/json", "application/xml"]), "invalid");
    }
    case 4:
      return raw("no-content-type", urlencoded(base), null, "invalid");
    case 5: {
      // Percent-encoding gone wrong, in any field.
      const broken = base.map(([key, value]) => {
        const text = encodeURIComponent(typeof value === "string" ? value : value.file);
        return `${encodeURIComponent(key)}=${random.chance(0.3) ? `${text}${random.pick(["%ZZ", "%", "%E0%A4%A", "%C0%AF", "%ED%A0%80", "%FF", "%0", "%%", "%u003c"])}` : text}`;
      });
      if (random.chance(0.3))
        broken.push(
          random.pick(["&", "=&=", "%", "==", "&&&", "a=%3Cscript%3Ealert(1)%3C%2Fscript%3E"]),
        );
      payload.markers.add("<script>alert(1)");
      return raw("malformed-urlencoding", broken.join("&"), FORM, "unknown");
    }
    case 6: {
      // Bytes that are not UTF-8.
      const text = urlencoded(base);
      const at = random.int(0, text.length);
      const body = new Uint8Array([
        ...bytes(text.slice(0, at)),
        ...random.pick([
          [0xff],
          [0xc3, 0x28],
          [0xed, 0xa0, 0x80],
          [0xf8, 0x88, 0x80, 0x80, 0x80],
          [0x00],
        ]),
        ...bytes(text.slice(at)),
      ]);
      return raw(
        "invalid-utf8",
        body,
        random.pick([FORM, `${FORM}; charset=utf-8`, `${FORM}; charset=latin1`]),
        "unknown",
      );
    }
    case 7: {
      const boundary = `----fuzz${random.hex(12)}`;
      const part = (name: string, value: string, extra = "") =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${value}\r\n`;
      const parts = base.map(([key, value]) =>
        part(key, typeof value === "string" ? value : value.file),
      );
      const variant = random.int(0, 6);
      let body = parts.join("");
      let contentType = `multipart/form-data; boundary=${boundary}`;
      let expectation: Expectation = "unknown";
      if (variant === 0) contentType = "multipart/form-data";
      else if (variant === 1) contentType = `multipart/form-data; boundary=other${boundary}`;
      else if (variant === 2) body = body.slice(0, random.int(0, body.length));
      else if (variant === 3) body = `${body}--${boundary}--\r\n`.replaceAll("\r\n", "\n");
      else if (variant === 4)
        body = `${body}${part("name\r\nContent-Type: text/html", "<script>alert(1)</script>")}--${boundary}--\r\n`;
      else if (variant === 5)
        body = `${body}--${boundary}\r\nContent-Disposition: form-data\r\n\r\nnameless\r\n--${boundary}--\r\n`;
      else body = `${body}--${boundary}--\r\n`;
      if (variant <= 1) expectation = "invalid";
      payload.markers.add("<script>alert(1)");
      return raw(`multipart-malformed-${variant}`, body, contentType, expectation);
    }
    case 8:
    case 9: {
      // Bodies at the limit, with the padding in an unknown field (still a valid form) or the message.
      const edge = random.pick([-100, -1, 0, 0, 1, 2, 100, 5000]);
      const target = MAX_BODY_BYTES + edge;
      const inMessage = random.chance(0.4);
      const entries = inMessage ? setField(base, "message", "") : [...base, ["notes", ""] as Entry];
      const padding = "a".repeat(Math.max(0, target - bytes(urlencoded(entries)).byteLength));
      const padded = inMessage
        ? setField(base, "message", padding)
        : [...base, ["notes", padding] as Entry];
      const expectation: Expectation =
        target > MAX_BODY_BYTES ? "invalid" : inMessage ? "invalid" : payload.expectation;
      payload.stream = random.chance(0.3);
      return raw(
        `near-limit:${edge}:${inMessage ? "message" : "extra"}${payload.stream ? ":stream" : ""}`,
        urlencoded(padded),
        FORM,
        expectation,
      );
    }
    case 10: {
      // A multipart body at the limit.
      const edge = random.pick([-1, 0, 1, 3000]);
      payload.entries = [...base, ["notes", ""]];
      payload.padTo = MAX_BODY_BYTES + edge;
      payload.encoding = "multipart";
      payload.labels.push(`multipart-near-limit:${edge}`);
      return;
    }
    case 11:
      payload.declaredLength = random.pick([MAX_BODY_BYTES + 1, 10 ** 9]);
      payload.labels.push(`declared-length:${payload.declaredLength}`);
      return;
    case 12: {
      // Thousands of small fields.
      const many: Entry[] = Array.from({ length: random.int(500, 4000) }, (_, i) => [
        random.chance(0.5) ? `f${i}` : "x",
        String(i),
      ]);
      payload.entries = random.chance(0.5) ? [...base, ...many] : [...many, ...base];
      payload.labels.push(`many-fields:${many.length}`);
      return;
    }
    case 13: {
      // The other form's fields.
      const other: Kind = payload.kind === "contact" ? "venue" : "contact";
      payload.entries = validEntries(random, other, world, payload.index);
      payload.expectation = "invalid";
      payload.labels.push(`fields-of:${other}`);
      return;
    }
    case 14: {
      const upper = random.pick([
        "APPLICATION/X-WWW-FORM-URLENCODED",
        `${FORM};charset=UTF-8`,
        `${FORM}; charset="utf-8"; x=y`,
        `${FORM}, text/html`,
      ]);
      return raw(`content-type:${upper}`, urlencoded(base), upper, "unknown");
    }
    default: {
      const count = random.int(2, 20);
      const field = random.pick(fieldsOf(payload.kind));
      const value = firstValue(base, field) ?? "";
      for (let i = 0; i < count; i++) base.push([field, value]);
      payload.labels.push(`repeated:${field}x${count}`);
      payload.expectation = "invalid";
    }
  }
}

const TOKEN_POOL = Array.from({ length: 30 }, (_, i) => new Random(DEFAULT_SEED + i).uuid());

function generate(random: Random, index: number, world: World, sent: readonly Payload[]): Payload {
  const kind: Kind = random.chance(0.5) ? "contact" : "venue";
  const sharedAddress = random.chance(0.05);
  const entries = validEntries(random, kind, world, index);
  const payload: Payload = {
    index,
    kind,
    path: `/${kind}`,
    labels: sharedAddress ? ["shared-address"] : [],
    expectation: "valid",
    markers: new Set(),
    address: sharedAddress ? random.pick(SHARED_ADDRESSES) : uniqueAddress(index),
    entries,
    form: entries,
    encoding: random.chance(0.25) ? "multipart" : "urlencoded",
  };
  // Tokens from a small pool come back on other posts: replays and reuse.
  if (random.chance(0.08)) {
    payload.entries = setField(entries, "submission", random.pick(TOKEN_POOL));
    payload.labels.push("pooled-token");
  }

  const roll = random.float();
  if (roll < 0.03) {
    // An earlier valid post again, exactly as it was sent.
    const earlier = sent.filter((candidate) => !candidate.raw && candidate.expectation === "valid");
    if (earlier.length > 0) {
      const original = random.pick(earlier);
      return {
        ...original,
        index,
        address: random.chance(0.5) ? original.address : uniqueAddress(index),
        labels: [`replay-of:${original.index}`, ...original.labels],
        markers: new Set(original.markers),
      };
    }
    payload.labels.push("valid");
  } else if (roll < 0.13) {
    payload.labels.push("valid");
  } else if (roll < 0.23) {
    for (let i = random.int(1, 3); i > 0; i--) keepValid(random, payload);
    if (sendsAFieldTwice(payload)) payload.expectation = "invalid";
  } else if (roll < 0.75) {
    payload.expectation = "unknown";
    for (let i = random.int(1, 3); i > 0; i--) mutateUnknown(random, payload);
    if (random.chance(0.3)) {
      payload.expectation = "invalid";
      breakForm(random, payload, world);
    }
  } else if (roll < 0.83) {
    payload.expectation = "invalid";
    breakForm(random, payload, world);
  } else {
    structural(random, payload, world);
  }
  if (!payload.raw) payload.form = payload.entries!;
  return payload;
}

// ---------------------------------------------------------------------------
// Sending.

const FORM_TYPE = "application/x-www-form-urlencoded";

type Encoded = { body: Uint8Array | null; contentType: string | null };

async function encodeEntries(entries: readonly Entry[], multipart: boolean): Promise<Encoded> {
  if (!multipart && entries.every(([, value]) => typeof value === "string")) {
    const text = new URLSearchParams(entries as Array<[string, string]>).toString();
    return { body: new TextEncoder().encode(text), contentType: FORM_TYPE };
  }
  const form = new FormData();
  for (const [key, value] of entries) {
    if (typeof value === "string") form.append(key, value);
    else form.append(key, new Blob([value.file], { type: value.type }), value.filename);
  }
  const request = new Request(ORIGIN, { method: "POST", body: form });
  return {
    body: new Uint8Array(await request.arrayBuffer()),
    contentType: request.headers.get("Content-Type"),
  };
}

async function encode(payload: Payload): Promise<Encoded> {
  if (payload.raw) return payload.raw;
  const multipart = payload.encoding === "multipart";
  let encoded = await encodeEntries(payload.entries!, multipart);
  if (payload.padTo !== undefined) {
    // The boundary is always as long, so one correction lands on the size exactly.
    const notes = firstString(payload.entries!, "notes");
    const length = Math.max(0, notes.length + payload.padTo - (encoded.body?.byteLength ?? 0));
    payload.entries = setField(payload.entries!, "notes", "a".repeat(length));
    encoded = await encodeEntries(payload.entries, multipart);
  }
  return encoded;
}

function requestFor(payload: Payload, { body, contentType }: Encoded): Request {
  const headers = new Headers({
    Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "Accept-Language": "en-CA,en;q=0.9,fr-CA;q=0.7",
    "User-Agent": "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
    Origin: ORIGIN,
    Referer: `${ORIGIN}/${payload.kind}`,
    "Sec-Fetch-Dest": "document",
    "Sec-Fetch-Mode": "navigate",
    "Sec-Fetch-Site": "same-origin",
    "Sec-Fetch-User": "?1",
  });
  if (contentType !== null) headers.set("Content-Type", contentType);
  if (payload.declaredLength !== undefined) {
    headers.set("Content-Length", String(payload.declaredLength));
  } else if (body && !payload.stream) {
    headers.set("Content-Length", String(body.byteLength));
  }
  let sent: BodyInit | null = body ? new Uint8Array(body) : null;
  if (payload.stream && body) {
    let offset = 0;
    sent = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= body.byteLength) return controller.close();
        const size = 1 + ((offset * 7919) % 16_384);
        controller.enqueue(body.slice(offset, offset + size));
        offset += size;
      },
    });
  }
  return new Request(`${ORIGIN}${payload.path}`, {
    method: "POST",
    headers,
    body: sent,
    duplex: "half",
  } as RequestInit);
}

const clientOf = (address: string): ClientAddress => ({
  address,
  family: address.includes(":") ? "IPv6" : "IPv4",
  port: 40_000 + (address.length % 20_000),
});

// ---------------------------------------------------------------------------
// Checking answers.

type Tag = { name: string; attributes: Array<[string, string]>; at: number };

const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "noscript"]);
// Sticky expressions, each matched where the scan stands (lastIndex), so
// that reading a tag never copies or scans the rest of the document.
const TAG_NAME = /<\/?([a-zA-Z][^\s/>]*)/y;
const ATTRIBUTE_NAME = /[^\s/>=]+/y;
const UNQUOTED_VALUE = /[^\s>]*/y;
const SPACE_OR_SLASH = /[\s/]*/y;
const SPACE = /\s*/y;

/** The end of what `pattern` matches at `position`. */
function skip(pattern: RegExp, html: string, position: number): number {
  pattern.lastIndex = position;
  pattern.exec(html);
  return pattern.lastIndex;
}

/** The tags of a document as a browser's tokenizer reads them, skipping raw-text elements. */
function scanTags(html: string): Tag[] {
  const tags: Tag[] = [];
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf("<", at);
    if (open === -1) break;
    if (html.startsWith("<!--", open)) {
      const end = html.indexOf("-->", open + 4);
      at = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html.startsWith("<!", open) || html.startsWith("<?", open)) {
      const end = html.indexOf(">", open);
      at = end === -1 ? html.length : end + 1;
      continue;
    }
    TAG_NAME.lastIndex = open;
    const nameMatch = TAG_NAME.exec(html);
    if (!nameMatch) {
      at = open + 1;
      continue;
    }
    const closing = html[open + 1] === "/";
    const name = nameMatch[1]!.toLowerCase();
    let position = TAG_NAME.lastIndex;
    const attributes: Array<[string, string]> = [];
    while (position < html.length) {
      position = skip(SPACE_OR_SLASH, html, position);
      if (position >= html.length || html[position] === ">") break;
      ATTRIBUTE_NAME.lastIndex = position;
      const attributeName = ATTRIBUTE_NAME.exec(html)?.[0] ?? html[position]!;
      position = skip(SPACE, html, position + attributeName.length);
      let value = "";
      if (html[position] === "=") {
        position = skip(SPACE, html, position + 1);
        const quote = html[position];
        if (quote === '"' || quote === "'") {
          const end = html.indexOf(quote, position + 1);
          value = html.slice(position + 1, end === -1 ? html.length : end);
          position = end === -1 ? html.length : end + 1;
        } else {
          const end = skip(UNQUOTED_VALUE, html, position);
          value = html.slice(position, end);
          position = end;
        }
      }
      attributes.push([attributeName.toLowerCase(), value]);
    }
    at = position + 1;
    if (!closing) tags.push({ name, attributes, at: open });
    if (!closing && RAW_TEXT.has(name)) {
      // The element ends at its end tag, in any case.
      const endTag = new RegExp(`</${name}`, "gi");
      endTag.lastIndex = at;
      const end = endTag.exec(html);
      at = end ? end.index : html.length;
    }
  }
  return tags;
}

const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "action",
  "formaction",
  "xlink:href",
  "data",
  "poster",
]);
const FOREIGN_TAGS = new Set([
  "iframe",
  "object",
  "embed",
  "base",
  "frame",
  "frameset",
  "applet",
  "math",
]);

/** What in a page shows a value came back as markup rather than text. */
function markupProblems(html: string, payload: Payload | null): string[] {
  const problems: string[] = [];
  for (const marker of payload?.markers ?? []) {
    const at = html.indexOf(marker);
    if (at !== -1)
      problems.push(
        `raw ${JSON.stringify(marker)} at ${at}: …${html.slice(Math.max(0, at - 80), at + 80)}…`,
      );
  }
  const sentProduct = JSON.stringify(payload?.form ?? []).includes(TEMPLATE_PRODUCT);
  if (!sentProduct && html.includes(TEMPLATE_PRODUCT))
    problems.push("a template expression was evaluated");
  for (const match of html.matchAll(/<script/gi)) {
    const opening = html.slice(match.index, match.index + 40);
    if (
      !opening.startsWith("<script nonce=") &&
      !opening.startsWith('<script type="application/ld+json"')
    ) {
      problems.push(
        `a script without the page's nonce: ${html.slice(match.index, match.index + 120)}`,
      );
    }
  }
  for (const tag of scanTags(html)) {
    const where = html.slice(tag.at, tag.at + 120);
    if (FOREIGN_TAGS.has(tag.name)) problems.push(`a <${tag.name}> element: ${where}`);
    if (tag.name === "script" && !tag.attributes.some(([name]) => name === "nonce")) {
      const type = tag.attributes.find(([name]) => name === "type")?.[1];
      if (type !== "application/ld+json")
        problems.push(`a script element without a nonce: ${where}`);
    }
    if (tag.name === "meta" && tag.attributes.some(([name]) => name === "http-equiv")) {
      problems.push(`a meta http-equiv element: ${where}`);
    }
    for (const [name, value] of tag.attributes) {
      if (name.startsWith("on")) problems.push(`an event handler attribute ${name}: ${where}`);
      if (URL_ATTRIBUTES.has(name) && /^\s*(javascript|vbscript|data:text\/html)/i.test(value)) {
        problems.push(`a script URL in ${name}: ${where}`);
      }
      if ((URL_ATTRIBUTES.has(name) || name === "content") && value.includes("evil.example"))
        problems.push(`an injected address in ${name}: ${where}`);
      if (tag.name === "img" && name === "src" && value === "x")
        problems.push(`an injected image: ${where}`);
    }
  }
  return problems;
}

/** A form token as the server reads it: the first value, when it is a UUID, in lower case. */
function tokenOf(entries: readonly Entry[]): string | null {
  const token = firstValue(entries, "submission");
  return typeof token === "string" &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(token)
    ? token.toLowerCase()
    : null;
}

/** The email as the per-email limit keys it. */
const emailKey = (entries: readonly Entry[]) =>
  cleanLine(firstString(entries, "email")).trim().toLowerCase();

/** What a valid form says, to tell a replay from a different post. */
const canonicalOf = (payload: Payload) =>
  JSON.stringify([
    payload.kind,
    ...fieldsOf(payload.kind).map((field) => firstString(payload.form, field)),
  ]);

function shown(value: string | FileValue): string {
  if (typeof value !== "string")
    return `File(${JSON.stringify(value.filename)}, ${value.file.length} bytes)`;
  const text = JSON.stringify(value.length > 120 ? value.slice(0, 120) : value);
  return value.length > 120 ? `${text}… (${value.length} chars)` : text;
}

function describePayload(payload: Payload, size: number): string {
  const body = payload.raw
    ? `raw ${payload.raw.contentType ?? "(no Content-Type)"}: ${shown(new TextDecoder().decode(payload.raw.body ?? new Uint8Array()).slice(0, 300))}`
    : payload.entries!.map(([key, value]) => `${shown(key)}=${shown(value)}`).join(" & ");
  return `payload #${payload.index} (FUZZ_SEED=${SEED}) POST ${payload.path} ${payload.encoding}${payload.stream ? " streamed" : ""}, ${size} bytes, from ${payload.address}, expected ${payload.expectation} [${payload.labels.join(", ")}]\n    ${body}`;
}

// ---------------------------------------------------------------------------
// Checking what was stored.

type StoredRow = {
  id: number;
  kind: string;
  token: string;
  name: string;
  nameLength: number;
  email: string;
  emailLength: number;
  phone: string | null;
  message: string;
  messageLength: number;
  topic: string | null;
  spaceId: number | null;
  spaceName: string | null;
  eventDate: string | null;
  startTime: string | null;
  partySize: number | null;
  postedOn: string;
};

const LINE_CONTROL = /[\p{Cc}\u2028\u2029\u200b\ufeff]/u;
const TEXT_CONTROL = /[^\P{Cc}\n\t]|[\u2028\u2029\u200b\ufeff]/u;

/** The evening of the day itself: from opening to closing, or to midnight when it closes later. */
function withinHours(time: number, day: Pick<OpenDay, "opensAt" | "closesAt">): boolean {
  return time >= day.opensAt && (day.closesAt <= day.opensAt || time < day.closesAt);
}

/** Whether a start in the small hours of `date` falls in the night before's late opening. */
function lateNightBefore(date: string, time: number, schedule: OpeningSchedule): boolean {
  const before = new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const hours = hoursOn(before, schedule);
  if ("closed" in hours) return false;
  const closes = toMinutes(hours.closesAt);
  return closes <= toMinutes(hours.opensAt) && time < closes;
}

function rowProblems(row: StoredRow, world: World): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  check(row.nameLength >= 1 && row.nameLength <= 100, `name of ${row.nameLength} characters`);
  check(!LINE_CONTROL.test(row.name), "control characters in the name");
  check(row.name === row.name.trim(), "the name is not trimmed");
  check(row.emailLength <= 254, `email of ${row.emailLength} characters`);
  check(
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/u.test(row.email) && !LINE_CONTROL.test(row.email),
    "email not shaped like one",
  );
  check(row.phone === null || /^\+1[2-9]\d{2}[2-9]\d{6}$/.test(row.phone), `phone ${row.phone}`);
  check(
    row.messageLength >= 10 && row.messageLength <= 5000,
    `message of ${row.messageLength} characters`,
  );
  check(!TEXT_CONTROL.test(row.message), "control characters in the message");
  if (row.kind === "contact") {
    check(
      contactTopics.includes(row.topic as (typeof contactTopics)[number]),
      `topic ${row.topic}`,
    );
    check(
      row.spaceId === null &&
        row.spaceName === null &&
        row.eventDate === null &&
        row.startTime === null &&
        row.partySize === null,
      "a contact row with venue details",
    );
    return problems;
  }
  check(row.kind === "venue", `kind ${row.kind}`);
  check(row.topic === null, "a venue row with a topic");
  const space = world.spaces.find((candidate) => candidate.name === row.spaceName);
  check(space !== undefined && space.id === row.spaceId, `space ${row.spaceId} ${row.spaceName}`);
  check(
    row.partySize !== null && row.partySize >= 1 && row.partySize <= (space?.capacity ?? 0),
    `party of ${row.partySize} in ${row.spaceName}`,
  );
  const date = row.eventDate ?? "";
  check(
    date >= earliestBookingDate(row.postedOn) && date <= latestBookingDate(row.postedOn),
    `event on ${date}, posted on ${row.postedOn}`,
  );
  const hours = hoursOn(date, world.schedule);
  if (row.startTime !== null && lateNightBefore(date, toMinutes(row.startTime), world.schedule)) {
    // Inside the night before's late opening.
  } else if ("closed" in hours) {
    problems.push(`event on ${date}, a day we are closed`);
  } else {
    check(
      row.startTime !== null &&
        withinHours(toMinutes(row.startTime), {
          opensAt: toMinutes(hours.opensAt),
          closesAt: toMinutes(hours.closesAt),
        }),
      `start at ${row.startTime} on ${date}, open ${hours.opensAt}–${hours.closesAt}`,
    );
  }
  return problems;
}

// ---------------------------------------------------------------------------

let built: BuiltServer;
let db: TestDatabase;
let world: World;

beforeAll(async () => {
  built = await importBuiltServer();
  db = await openTestDatabase();
  const today = torontoDate(new Date());
  const spaces = await db.query<Space>(
    `select id::int as id, slug, name, greatest(seated_capacity, standing_capacity)::int as capacity
     from public.venue_spaces where published order by sort_order, id`,
  );
  const schedule = await getOpeningSchedule(db, today);
  // Open days from the day after tomorrow to two days before the last: clear of the edges at midnight.
  const openDays: OpenDay[] = [];
  const latest = latestBookingDate(today);
  for (let day = 2; ; day++) {
    const date = new Date(Date.parse(today) + day * 86_400_000).toISOString().slice(0, 10);
    if (date >= new Date(Date.parse(latest) - 86_400_000).toISOString().slice(0, 10)) break;
    const hours = hoursOn(date, schedule);
    if (!("closed" in hours)) {
      openDays.push({
        date,
        opensAt: toMinutes(hours.opensAt),
        closesAt: toMinutes(hours.closesAt),
      });
    }
  }
  world = { spaces, openDays, today, schedule };
});
afterAll(async () => {
  await db?.[Symbol.asyncDispose]();
});

class Rollback extends Error {}

describe("the echo check", () => {
  const payload = (value: string) => {
    const markers = new Set(MARKUP.find((markup) => markup.value === value)?.markers ?? []);
    return { markers, form: [["name", value]] } as unknown as Payload;
  };
  const page = (body: string) =>
    `<!DOCTYPE html><html><head><script nonce="abc">1</script><script type="application/ld+json">{}</script></head><body>${body}</body></html>`;

  test.each([
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "</textarea><script>alert(2)</script>",
    "</script><script>alert(4)</script>",
    '<a href="javascript:alert(7)">click</a>',
    '" autofocus onfocus="alert(12)" x="',
    "<x onclick=alert(18)>click",
  ])("flags %s echoed raw, in text or in an attribute", (value) => {
    expect(markupProblems(page(`<p>${value}</p>`), payload(value))).not.toEqual([]);
    expect(markupProblems(page(`<input value="${value}"/>`), payload(value))).not.toEqual([]);
    expect(markupProblems(page(`<textarea>${value}</textarea>`), payload(value))).not.toEqual([]);
  });

  test.each(MARKUP.map((markup) => markup.value))(
    "passes %s escaped as React escapes it",
    (value) => {
      const escaped = value
        .replaceAll("&", "&amp;")
        .replaceAll("<", "&lt;")
        .replaceAll(">", "&gt;")
        .replaceAll('"', "&quot;")
        .replaceAll("'", "&#x27;");
      const data = JSON.stringify(value).replaceAll("<", "\\u003c").replaceAll(">", "\\u003e");
      const html = page(
        `<p>${escaped}</p><input value="${escaped}"/><textarea>${escaped}</textarea><script nonce="abc">enqueue(${data})</script>`,
      );
      expect(markupProblems(html, payload(value))).toEqual([]);
    },
  );

  test("flags a template that was evaluated", () => {
    expect(
      markupProblems(page(`<p>${TEMPLATE_PRODUCT}</p>`), payload("{{7777*7777}}")),
    ).not.toEqual([]);
  });
});

describe("the enquiry forms under random and hostile posts", () => {
  test(`${PAYLOADS} posts: no 5xx, no markup echoed, no invalid row stored`, async () => {
    expect(world.spaces.length, "the seed has venue spaces").toBeGreaterThan(0);
    expect(world.openDays.length, "the seed has opening hours").toBeGreaterThan(0);
    const handle = await built.createAppHandler({
      build: built.build,
      mode: "production",
      clientDirectory,
      database: async () => db,
    });
    // The server logs a line per stored or trapped enquiry; only warnings and errors are kept.
    const print = console.log.bind(console);
    vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
      if (!/^(info|debug) /.test(String(args[0]))) print(...args);
    });
    const random = new Random(SEED);
    const started = performance.now();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const sent: Payload[] = [];
    /** Every token stored (from the receipt cookie of each 303), with what its form said. */
    const stored = new Map<string, string>();
    /** Posts counted against each rate-limit bucket, by window. */
    const counted = new Map<string, number>();
    let followed = 0;

    for (let index = 0; index < PAYLOADS; index++) {
      const payload = generate(random, index, world, sent);
      sent.push(payload);
      const encoded = await encode(payload);
      const size = encoded.body?.byteLength ?? 0;
      const fail = (problem: string) =>
        failures.push(`${problem}\n  ${describePayload(payload, size)}`);

      const token = tokenOf(payload.form);
      const email = emailKey(payload.form);
      const address = payload.address.toLowerCase();
      const buckets = (now: number) => [
        `address ${address} ${Math.floor(now / PER_ADDRESS.windowMs)}`,
        `email ${email} ${Math.floor(now / PER_EMAIL.windowMs)}`,
      ];
      const sentAt = Date.now();
      const before = buckets(sentAt);
      // The server's sliding window: this window's count, this post included,
      // and the previous window's in proportion to how much of it is covered.
      const limits: Array<[string, typeof PER_ADDRESS | typeof PER_EMAIL]> = [
        [`address ${address}`, PER_ADDRESS],
        [`email ${email}`, PER_EMAIL],
      ];
      const excess = limits.map(([bucket, { max, windowMs }]) => {
        const window = Math.floor(sentAt / windowMs);
        const covered = 1 - (sentAt - window * windowMs) / windowMs;
        const current = counted.get(`${bucket} ${window}`) ?? 0;
        const previous = counted.get(`${bucket} ${window - 1}`) ?? 0;
        return current + 1 + previous * covered - max;
      });
      const limited = excess.some((over) => over > 0);
      // The server's clock reads a moment later: a count a hair over the limit may be within it.
      const borderline = excess.some((over) => over > 0 && over < 0.01);
      const canonical = payload.expectation === "valid" ? canonicalOf(payload) : "?";

      let response: Response;
      try {
        response = await handle(requestFor(payload, encoded), clientOf(payload.address));
      } catch (error) {
        fail(`the handler threw: ${String(error)}`);
        continue;
      }
      const after = buckets(Date.now());
      const newWindow = before.some((bucket, i) => bucket !== after[i]);
      const status = response.status;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const body = await response.text();

      const oversize = size > MAX_BODY_BYTES || (payload.declaredLength ?? 0) > MAX_BODY_BYTES;
      let allowed: number[];
      if (oversize) allowed = [413];
      else if (payload.expectation === "invalid") allowed = [400];
      else if (payload.expectation === "valid") {
        if (token && stored.has(token))
          allowed = stored.get(token) === canonical ? [303] : [303, 409];
        else allowed = newWindow || borderline ? [303, 429] : limited ? [429] : [303];
      } else allowed = [303, 400, 409, 429];
      if (status >= 500) fail(`answered ${status}: ${body.slice(0, 300)}`);
      else if (!allowed.includes(status))
        fail(`answered ${status}, expected ${allowed.join(" or ")}`);
      if (status === 409 && !(token && stored.has(token))) fail("409 for a token never stored");
      if (status === 429 && !limited && !newWindow) fail("429 though neither limit was reached");

      if ([400, 409, 429, 503].includes(status)) {
        const type = response.headers.get("Content-Type") ?? "";
        if (!/^text\/html\b/.test(type)) fail(`answered ${status} as ${type}`);
      }
      if (status !== 303 && status !== 413) {
        for (const problem of markupProblems(body, payload)) fail(`markup echoed: ${problem}`);
      }
      if (status === 429) {
        if (!/^\d+$/.test(response.headers.get("Retry-After") ?? ""))
          fail("429 without Retry-After");
        for (const bucket of after) counted.set(bucket, (counted.get(bucket) ?? 0) + 1);
      }
      if (status !== 303) continue;

      const location = response.headers.get("Location");
      if (location !== `/${payload.kind}#enquiry-sent`) fail(`redirected to ${location}`);
      const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
      const receipt = cookies.find((cookie) => cookie.startsWith("enquiry-receipt="));
      const parsed = (await enquiryReceiptCookie.parse(receipt ?? null)) as {
        kind?: string;
        token?: string;
      } | null;
      const storedToken = parsed?.token;
      if (!storedToken || parsed?.kind !== payload.kind) {
        fail(`a 303 without a receipt for a ${payload.kind} enquiry: ${receipt}`);
        continue;
      }
      if (token && !payload.raw && storedToken !== token)
        fail(`stored under ${storedToken}, not the form's ${token}`);
      if (!stored.has(storedToken)) {
        stored.set(storedToken, canonical);
        for (const bucket of after) counted.set(bucket, (counted.get(bucket) ?? 0) + 1);
      }
      // The confirmation repeats what was stored: hostile values must come back as text there too.
      if (payload.markers.size > 0 || index % 20 === 0) {
        followed++;
        const page = await handle(
          new Request(`${ORIGIN}/${payload.kind}`, {
            headers: {
              Accept: "text/html",
              "Sec-Fetch-Site": "same-origin",
              Cookie: cookies.join("; "),
            },
          }),
          clientOf(payload.address),
        );
        const html = await page.text();
        if (page.status !== 200) fail(`the confirmation answered ${page.status}`);
        else if (!html.includes("is with us")) fail("the confirmation did not show the receipt");
        for (const problem of markupProblems(html, payload))
          fail(`markup echoed on the confirmation: ${problem}`);
      }
    }

    // What was stored: each row once, and every row within the rules.
    const rows = await db.query<StoredRow>(
      `select e.id::int as id, e.kind, e.submission_token::text as token,
           e.name, char_length(e.name)::int as "nameLength",
           e.email, char_length(e.email)::int as "emailLength", e.phone,
           e.message, char_length(e.message)::int as "messageLength", e.topic,
           e.venue_space_id::int as "spaceId", e.venue_space_name as "spaceName",
           e.event_date::text as "eventDate", to_char(e.start_time, 'HH24:MI') as "startTime",
           e.party_size as "partySize",
           to_char(e.created_at at time zone 'America/Toronto', 'YYYY-MM-DD') as "postedOn"
         from public.enquiries e order by e.id`,
    );
    for (const row of rows) {
      const problems = rowProblems(row, world);
      if (problems.length > 0) {
        failures.push(
          `invalid row ${row.id} (${problems.join("; ")}): ${JSON.stringify(row).slice(0, 600)}`,
        );
      }
      if (!stored.has(row.token))
        failures.push(`row ${row.id} has a token no 303 answered: ${row.token}`);
    }
    if (rows.length !== stored.size) {
      failures.push(`${rows.length} rows stored for ${stored.size} tokens that got a 303`);
    }

    // The public API role still sees none of them.
    let anon: string;
    try {
      await db.transaction(async (tx) => {
        await tx.query("set local role anon");
        const [row] = await tx.query<{ count: number }>(
          "select count(*)::int as count from public.enquiries",
        );
        anon = `count ${row?.count}`;
        throw new Rollback();
      });
      anon = "no rollback";
    } catch (error) {
      anon = error instanceof Rollback ? anon! : String((error as Error).message);
    }
    if (!/permission denied|^count 0$/.test(anon))
      failures.push(`the anon role reads enquiries: ${anon}`);

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const distribution = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`);
    print(
      `enquiry fuzz: seed ${SEED}, ${PAYLOADS} posts in ${seconds}s: ${distribution.join(" ")}; ${rows.length} rows stored, ${followed} confirmations read`,
    );
    if (failures.length > 0) {
      throw new Error(
        `${failures.length} problems with FUZZ_SEED=${SEED} (first 15):\n${failures.slice(0, 15).join("\n")}`,
      );
    }
  }, 600_000);
});
