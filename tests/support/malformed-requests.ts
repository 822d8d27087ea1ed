// Malformed HTTP requests, made byte by byte from a seed, and a client that
// sends one on its own connection and reads back every answer. What a
// careless client, a scanner or an attacker sends: odd methods, bad hosts
// and request targets, broken percent-encoding, bodies that are not forms or
// are cut short, junk in the cookies and the conditional, range and encoding
// headers. Node runs this file directly too: erasable TypeScript only.
import { connect } from "node:net";

/** mulberry32: 32 bits of state, good enough to pick test inputs, and reproducible. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Random {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from nothing");
    return items[Math.floor(this.next() * items.length)] as T;
  }
  hex(length: number): string {
    let text = "";
    for (let i = 0; i < length; i++) text += Math.floor(this.next() * 16).toString(16);
    return text;
  }
}

/** What the generator needs to know of the server it aims at. */
export type Targets = {
  /** `host:port` as a client would name the server. */
  authority: string;
  /** Cookies of a signed-in owner, for posts that reach the staff editors' actions. */
  staffCookie: string;
  /** The path and query of the owner's setup link (used up or not). */
  setupPath: string;
  /** A file of the client build, such as `/assets/root-….js`. */
  asset: string;
  /** An image URL the pages use, such as `/img/dishes/wings.svg?w=640&…`. */
  image: string;
};

export type MalformedRequest = {
  /** What the request tries, for a failure's report. */
  label: string;
  bytes: Buffer;
  /** Close our side once sent: the body is shorter than declared and would never end. */
  halfClose: boolean;
};

/** Where posts go: every route with an action (app/routes.ts), and a few pages without one. */
const FORM_POSTS = [
  "/contact",
  "/venue",
  "/theme",
  "/staff/sign-in",
  "/staff/sign-out",
  "/staff/enquiries/1",
  "/staff/menu",
  "/staff/menu/sections/1",
  "/staff/menu/sections/new",
  "/staff/menu/items/1",
  "/staff/menu/items/new",
  "/staff/settings",
  "/staff/hours",
  "/staff/hours/exceptions/new",
  "/staff/specials",
  "/staff/specials/1",
  "/staff/events/new",
  "/staff/venue",
  "/staff/venue/spaces/1",
  "/staff/venue/packages/new",
  "/staff/people",
  // Pages without an action.
  "/",
  "/menu",
  "/staff/events",
  "/staff/changes",
] as const;

const PAGES = [
  "/",
  "/menu",
  "/about",
  "/venue",
  "/contact",
  "/accessibility",
  "/healthz",
  "/build-info",
  "/sitemap.xml",
  "/robots.txt",
  "/manifest.webmanifest",
  "/theme",
  "/staff",
  "/staff/sign-in",
  "/staff/menu",
  "/staff/enquiries/1",
  "/favicon.ico",
  "/nowhere",
] as const;

const BAD_HOSTS = [
  "",
  " ",
  "a b c",
  "[::1",
  "::1",
  "[::1]]",
  "[zz::1]",
  "x:99999",
  "x:-1",
  "x:8o",
  "x:80:80",
  "user@host",
  "user:pass@host",
  "host/path",
  "host?query",
  "host#fragment",
  "host\\back",
  "%zz",
  "%41%42",
  "ex%20ample.com",
  "exa mple.com",
  "example.com.",
  "-leading.example",
  "under_score.example",
  "1.2.3.4.5",
  "256.1.1.1",
  "0x7f.1",
  "localhost:",
  ":80",
  "*",
  ".",
  "..",
  "a..b",
  "<script>",
  '"quoted"',
  "xn--",
  "xn--zz-",
  "é.example",
  "\u00ff",
  "a".repeat(300),
  `${"a".repeat(64)}.example`,
  "[::ffff:1.2.3.4]:8080",
  "[fe80::1%25eth0]",
];

const BAD_TARGETS = [
  "*",
  "abc",
  "?x=1",
  "http://evil.example/",
  "http://evil.example",
  "https://evil.example:99999/x",
  "HTTP://LOCALHOST/menu",
  "//evil.example/x",
  "///x",
  "/%",
  "/%zz",
  "/%E0%A4%A",
  "/%C0%AF",
  "/%ED%A0%80",
  "/%FF%FE",
  "/%00",
  "/%2e%2e/%2e%2e/etc/passwd",
  "/..%2f..%2fetc%2fpasswd",
  "/assets/..%2f..%2fserver%2findex.js",
  "/assets/%00.js",
  "/img/%ZZ.png?w=640",
  "/img/..%2f..%2fetc%2fpasswd?w=640",
  "/img/dishes/wings.svg?w=%ZZ&fm=%",
  "/img/dishes/wings.svg?w=640&h=%00&fit=%FF",
  "/img/",
  "/img",
  "/menu?%=%&&=",
  "/menu?a=%E0%A4%A&b=%",
  "/contact?topic=%ZZ",
  "/contact?topic=%3Cscript%3E",
  "/staff/setup?code=%",
  "/staff/setup?code=%FF%FE",
  "/staff/enquiries/%ZZ",
  "/staff/enquiries/99999999999999999999999",
  "/staff/enquiries/-1",
  "/staff/enquiries/1e3",
  "/staff/menu/items/%00",
  "/staff/events/0x10",
  "/menu.data",
  "/menu.data?_routes=%ZZ",
  "/menu.data?_routes=routes%2Fnowhere",
  "/.data",
  "/_root.data",
  "/_root.data?_routes=root,root,root",
  "/staff.data?_routes=%",
  "/manifest.webmanifest/",
  "/sitemap.xml%00",
  "/robots.txt?%",
  "/healthz?%",
  "/build-info/%ZZ",
  "/theme.data",
  "/%F0%9F%8D%BA",
  "/\u00e9",
  `/${"a".repeat(9000)}`,
  `/menu?${"q=1&".repeat(2000)}`,
];

const METHODS = [
  "FOO",
  "get",
  "Post",
  "PUT",
  "PATCH",
  "DELETE",
  "PROPFIND",
  "MKCOL",
  "M-SEARCH",
  "PURGE",
  "TRACE",
  "TRACK",
  "CONNECT",
  "OPTIONS",
  "LINK",
  "QUERY",
  "SEARCH",
  "G\u00c9T",
  "GE T",
  "",
  "X".repeat(300),
];

const CONTENT_TYPES = [
  null,
  "",
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "text/plain;charset=UTF-8",
  "text/html",
  "application/xml",
  "application/octet-stream",
  "image/png",
  "application/x-www-form-urlencoded; charset=utf-16",
  "application/x-www-form-urlencoded; charset=shift_jis",
  "application/x-www-form-urlencoded; charset=",
  "Application/X-WWW-Form-Urlencoded",
  "application/x-www-form-urlencodedx",
  "application/x-www-form-urlencoded; ;;; =",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  'multipart/form-data; boundary=""',
  "multipart/form-data; boundary=a; boundary=b",
  "multipart/mixed; boundary=x",
  "multipart/form-data; boundary=" + "b".repeat(100),
  "form-data",
  "*/*",
  ";",
  "\u00e9/\u00e9",
];

const FIELDS = [
  "email",
  "password",
  "confirmPassword",
  "redirectTo",
  "theme",
  "intent",
  "name",
  "message",
  "submission",
  "consent",
  "topic",
  "id",
  "price",
  "section",
  "picture",
  "date",
  "weekday",
  "role",
];

const VALUES = [
  "",
  "dark",
  "light",
  "system",
  "bogus",
  "/",
  "//evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
  "owner@example.com",
  "not-an-email",
  "<script>alert(1)</script>",
  "%ZZ",
  "\u0000",
  "\ud800",
  "-1",
  "1e309",
  "99999999999999999999",
  "NaN",
  "delete",
  "move-up",
  "move-down",
  "mark-available",
  "handled",
  "invite",
  "save",
  "x".repeat(5000),
];

const COOKIES = [
  "theme=",
  "theme=dark",
  "theme=%ZZ",
  "theme=%",
  "theme=eyJ",
  "theme=ImRhcmsi",
  "theme=IjxzY3JpcHQ-Ig",
  "theme=bnVsbA",
  "theme=e30",
  "theme=\u00ff",
  "theme=dark; theme=light",
  "toast=%",
  "toast=eyJ0eXBlIjoiZXZpbCJ9",
  "toast=e30=",
  "toast=" + "A".repeat(4000),
  "enquiry-receipt=%ZZ",
  "enquiry-receipt=eyJraW5kIjoiY29udGFjdCIsInRva2VuIjoxfQ",
  "enquiry-receipt=W10",
  "sb-staff-auth-token=",
  "sb-staff-auth-token=%",
  "sb-staff-auth-token=garbage",
  "sb-staff-auth-token=base64-",
  "sb-staff-auth-token=base64-%%%",
  "sb-staff-auth-token=base64-e30",
  "sb-staff-auth-token=base64-eyJhY2Nlc3NfdG9rZW4iOiJ4IiwicmVmcmVzaF90b2tlbiI6InkifQ",
  "sb-staff-auth-token=base64-bnVsbA",
  "sb-staff-auth-token=base64-WzEsMiwzXQ",
  "sb-staff-auth-token=%7B%22access_token%22%3A%22a.b.c%22%7D",
  "sb-staff-auth-token.0=base64-eyJ; sb-staff-auth-token.2=x",
  "sb-staff-auth-token.0=base64-e30; sb-staff-auth-token.1=%ZZ",
  "sb-staff-auth-token.99999999999=x",
  "=; ==; ;;; a",
  "a=" + "b".repeat(8000),
  Array.from({ length: 300 }, (_, i) => `c${i}=${i}`).join("; "),
];

const RANGES = [
  "bytes=abc",
  "bytes=999999999999999999999-",
  "bytes=5-1",
  "bytes=-0",
  "bytes=0-0,0-0,0-0,0-0",
  "bytes=-",
  "items=0-10",
  "bytes=0-1," + "2-3,".repeat(500),
  "",
];

const ETAGS = [
  "*",
  "garbage",
  'W/"x"',
  '"',
  '""',
  '"a", "b", W/"c"',
  "W/",
  '"' + "e".repeat(5000) + '"',
  ",,,",
];

const ENCODINGS = [
  "br;q=abc",
  "*;q=-1",
  "gzip;q=1e999",
  ",,,,",
  "identity;q=0",
  "identity;q=0, *;q=0",
  "br;q=0.5;q=1, gzip;;",
  "compress, x-gzip, deflate",
  "\u00e9",
  "gzip;q=NaN",
  "br".repeat(3000),
];

const OTHER_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ["Accept", "text/html;q=abc, */*;q=-1"],
  ["Accept", "application/json"],
  ["Accept-Language", "\u00e9\u00e9;q=2"],
  ["If-Modified-Since", "yesterday"],
  ["If-Modified-Since", "Thu, 01 Jan 1970 00:00:00 GMT"],
  ["If-Unmodified-Since", "0"],
  ["If-Match", "garbage"],
  ["If-Range", "garbage"],
  ["Content-Encoding", "gzip"],
  ["Content-Encoding", "br, zz"],
  ["Expect", "100-continue"],
  ["Expect", "200-ok"],
  ["Origin", "null"],
  ["Origin", "not a url"],
  ["Origin", "http://[::1"],
  ["Sec-Fetch-Site", "cross-site"],
  ["Sec-Fetch-Site", "\u00e9"],
  ["Sec-Fetch-Mode", "navigate"],
  ["X-Forwarded-For", "not-an-address, ::1"],
  ["X-Forwarded-Host", "a b c"],
  ["X-Forwarded-Proto", "gopher"],
  ["Forwarded", 'for="[::1";host=a b;proto=zz'],
  ["Fly-Client-IP", "999.999.999.999"],
  ["User-Agent", "\u00ff".repeat(500)],
  ["Referer", "%%%"],
  ["Authorization", "Bearer ."],
  ["Upgrade", "websocket"],
  ["Connection", "Upgrade"],
  ["X-Remix-Revalidate", "yes"],
  ["X-React-Router-Prerender-Data", "1"],
];

type Parts = {
  method: string;
  target: string;
  version?: string;
  /** Host header values: none, one or several. */
  hosts?: string[];
  headers?: Array<readonly [string, string]>;
  body?: Buffer;
  /** Content-Length to declare; the body's length by default. */
  declaredLength?: number | string | null;
  /** The body as sent on the wire, when it is not `body` under Content-Length. */
  wire?: Buffer;
  halfClose?: boolean;
};

/** The bytes of one request. Header values are sent as Latin-1, as Node reads them. */
function assemble(parts: Parts, authority: string): { bytes: Buffer; halfClose: boolean } {
  const lines = [`${parts.method} ${parts.target} ${parts.version ?? "HTTP/1.1"}`];
  for (const host of parts.hosts ?? [authority]) lines.push(`Host: ${host}`);
  const headers = parts.headers ?? [];
  for (const [name, value] of headers) lines.push(`${name}: ${value}`);
  if (!headers.some(([name]) => name.toLowerCase() === "connection")) {
    lines.push("Connection: close");
  }
  const body = parts.body ?? Buffer.alloc(0);
  const declared = parts.declaredLength === undefined ? body.length : parts.declaredLength;
  if (declared !== null && (parts.body !== undefined || parts.declaredLength !== undefined)) {
    lines.push(`Content-Length: ${declared}`);
  }
  const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
  return {
    bytes: Buffer.concat([head, parts.wire ?? body]),
    halfClose: parts.halfClose ?? false,
  };
}

const FORM = "application/x-www-form-urlencoded";

function formBody(random: Random): string {
  const pairs: string[] = [];
  for (let i = random.int(0, 6); i > 0; i--) {
    pairs.push(
      `${encodeURIComponent(random.pick(FIELDS))}=${encodeURIComponent(random.pick(VALUES).toWellFormed())}`,
    );
  }
  return pairs.join("&");
}

function multipartBody(random: Random, boundary: string): string {
  const parts: string[] = [];
  for (let i = random.int(0, 4); i > 0; i--) {
    const name = random.pick(FIELDS);
    const file = random.chance(0.3)
      ? `; filename="${random.pick(["a.png", "", "../../x", "é.jpg", "a".repeat(300)])}"\r\nContent-Type: ${random.pick(["image/png", "text/plain", "", "image/svg+xml"])}`
      : "";
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file}\r\n\r\n${random.pick(VALUES)}\r\n`,
    );
  }
  return `${parts.join("")}--${boundary}--\r\n`;
}

/** A body and its content type for a post, broken one way or another. */
function brokenBody(random: Random): { contentType: string | null; body: Buffer; label: string } {
  const boundary = `----fuzz${random.hex(10)}`;
  const multipart = `multipart/form-data; boundary=${boundary}`;
  switch (random.int(0, 11)) {
    case 0:
      return {
        contentType: random.pick(["application/json", "application/json; charset=utf-8"]),
        body: Buffer.from(
          random.pick([
            JSON.stringify({ email: "owner@example.com", password: "x", theme: "dark" }),
            "{",
            "[]",
            "null",
            '{"__proto__":{"admin":true}}',
          ]),
        ),
        label: "json",
      };
    case 1:
      return {
        contentType: random.pick(["text/plain", "text/plain;charset=UTF-8"]),
        body: Buffer.from(random.pick([`theme=dark\r\nredirectTo=/`, formBody(random), ""])),
        label: "text-plain",
      };
    case 2: {
      const contentType = random.pick(CONTENT_TYPES);
      return {
        contentType,
        body: Buffer.from(random.chance(0.5) ? formBody(random) : multipartBody(random, "x")),
        label: `content-type:${JSON.stringify(contentType)}`,
      };
    }
    case 3: {
      const whole = multipartBody(random, boundary);
      return {
        contentType: multipart,
        body: Buffer.from(whole.slice(0, random.int(0, whole.length - 1))),
        label: "multipart-truncated",
      };
    }
    case 4:
      return {
        contentType: random.pick([
          "multipart/form-data",
          `multipart/form-data; boundary=other${boundary}`,
        ]),
        body: Buffer.from(multipartBody(random, boundary)),
        label: "multipart-boundary",
      };
    case 5:
      return {
        contentType: multipart,
        body: Buffer.from(
          random.pick([
            `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nnameless\r\n--${boundary}--\r\n`,
            `--${boundary}\r\n\r\nno headers\r\n--${boundary}--\r\n`,
            `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\nContent-Type: text/plain; charset=zz\r\n\r\nx\r\n--${boundary}--\r\n`,
            `--${boundary}\nContent-Disposition: form-data; name="a"\n\nx\n--${boundary}--\n`,
            `--${boundary}--\r\n`,
            `--${boundary}\r\nContent-Disposition: form-data; name="a`,
            `garbage before\r\n--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--${boundary}--\r\n`,
            `--${boundary}\r\nContent-Disposition: form-data; name="${"n".repeat(20000)}"\r\n\r\nx\r\n--${boundary}--\r\n`,
          ]),
        ),
        label: "multipart-malformed",
      };
    case 6: {
      // Percent-encoding and bytes that are not UTF-8.
      const text = `${formBody(random)}&${random.pick(["a=%ZZ", "%", "a=%E0%A4%A", "=%C0%AF", "%ED%A0%80=1", "&&=&"])}`;
      const bytes = Buffer.from(text);
      const at = random.int(0, bytes.length);
      return {
        contentType: random.pick([FORM, `${FORM}; charset=utf-8`, `${FORM}; charset=latin1`]),
        body: Buffer.concat([
          bytes.subarray(0, at),
          Buffer.from(random.pick([[0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0x00]])),
          bytes.subarray(at),
        ]),
        label: "form-bad-encoding",
      };
    }
    case 7:
      return {
        contentType: FORM,
        body: Buffer.from(
          Array.from({ length: random.int(500, 3000) }, (_, i) => `f${i % 7}=${i}`).join("&"),
        ),
        label: "form-many-fields",
      };
    case 8:
      return { contentType: null, body: Buffer.alloc(0), label: "empty-no-type" };
    case 9:
      return {
        contentType: random.pick([FORM, multipart]),
        body: Buffer.alloc(0),
        label: "empty-with-type",
      };
    case 10:
      return {
        contentType: FORM,
        body: Buffer.from(formBody(random)),
        label: "form",
      };
    default:
      return {
        contentType: multipart,
        body: Buffer.from(multipartBody(random, boundary)),
        label: "multipart",
      };
  }
}

/** Headers of a same-site browser post, sometimes with the owner's session. */
function postHeaders(random: Random, targets: Targets): Array<readonly [string, string]> {
  const headers: Array<readonly [string, string]> = [];
  if (random.chance(0.9)) headers.push(["Sec-Fetch-Site", "same-origin"]);
  if (random.chance(0.7)) headers.push(["Cookie", targets.staffCookie]);
  return headers;
}

/** One malformed request of a kind picked at random. */
function generateOne(random: Random, targets: Targets): { label: string } & Parts {
  const page = () => random.pick(PAGES);
  const postTarget = () =>
    random.chance(0.1)
      ? targets.setupPath
      : `${random.pick(FORM_POSTS)}${random.chance(0.2) ? ".data" : ""}`;
  switch (random.int(0, 13)) {
    case 0: {
      const method = random.pick(METHODS);
      return { label: `method ${JSON.stringify(method)}`, method, target: page() };
    }
    case 1: {
      const host = random.pick(BAD_HOSTS);
      const method = random.pick(["GET", "HEAD", "POST", "OPTIONS", "TRACE"]);
      const target = random.chance(0.3) ? targets.image : page();
      return {
        label: `${method} with Host ${JSON.stringify(host)}`,
        method,
        target,
        hosts: [host],
        ...(method === "POST" && {
          headers: [["Content-Type", FORM]] as Array<readonly [string, string]>,
          body: Buffer.from("theme=dark"),
        }),
      };
    }
    case 2: {
      const variant = random.int(0, 3);
      if (variant === 0)
        return { label: "no Host (HTTP/1.1)", method: "GET", target: page(), hosts: [] };
      if (variant === 1)
        return {
          label: "no Host (HTTP/1.0)",
          method: "GET",
          target: page(),
          hosts: [],
          version: "HTTP/1.0",
        };
      if (variant === 2)
        return {
          label: "two Hosts",
          method: "GET",
          target: page(),
          hosts: [targets.authority, random.pick(BAD_HOSTS)],
        };
      return {
        label: "version",
        method: "GET",
        target: page(),
        version: random.pick([
          "HTTP/1.2",
          "HTTP/2.0",
          "HTTP/0.9",
          "HTTP/1",
          "HTTPS/1.1",
          "http/1.1",
        ]),
      };
    }
    case 3:
    case 4: {
      const target = random.pick(BAD_TARGETS);
      const method = random.pick(["GET", "GET", "HEAD", "POST", "OPTIONS"]);
      return {
        label: `${method} ${target.slice(0, 80)}`,
        method,
        target,
        ...(method === "POST" && {
          headers: [
            ["Content-Type", FORM],
            ["Sec-Fetch-Site", "same-origin"],
          ] as Array<readonly [string, string]>,
          body: Buffer.from(formBody(random)),
        }),
      };
    }
    case 5:
    case 6:
    case 7:
    case 8: {
      const target = postTarget();
      const { contentType, body, label } = brokenBody(random);
      const headers = postHeaders(random, targets);
      if (contentType !== null) headers.push(["Content-Type", contentType]);
      return { label: `POST ${target} ${label}`, method: "POST", target, headers, body };
    }
    case 9: {
      // Bodies and their declared lengths at odds.
      const target = postTarget();
      const body = Buffer.from(formBody(random) || "theme=dark");
      const headers = postHeaders(random, targets);
      headers.push(["Content-Type", FORM]);
      const variant = random.int(0, 5);
      if (variant === 0)
        return {
          label: `POST ${target} body longer than declared`,
          method: "POST",
          target,
          headers,
          body,
          declaredLength: Math.max(0, body.length - random.int(1, 5)),
        };
      if (variant === 1)
        return {
          label: `POST ${target} body shorter than declared`,
          method: "POST",
          target,
          headers,
          body,
          declaredLength: body.length + random.int(1, 1000),
          halfClose: true,
        };
      if (variant === 2) {
        const declaredLength = random.pick([
          "-1",
          "abc",
          "1e3",
          "0x10",
          "1, 2",
          " ",
          "99999999999999999999",
        ]);
        return {
          label: `POST ${target} Content-Length ${declaredLength}`,
          method: "POST",
          target,
          headers,
          body,
          declaredLength,
        };
      }
      if (variant === 3) {
        const wire = random.pick([
          `zz\r\n${body}\r\n0\r\n\r\n`,
          `${body.length.toString(16)}\r\n${body}\r\n`,
          `${body.length.toString(16)};ext=1\r\n${body}\r\n0\r\n\r\n`,
          `-1\r\n${body}\r\n0\r\n\r\n`,
          `${(body.length + 5).toString(16)}\r\n${body}\r\n0\r\n\r\n`,
        ]);
        headers.push(["Transfer-Encoding", "chunked"]);
        return {
          label: `POST ${target} chunked ${JSON.stringify(wire.slice(0, 12))}`,
          method: "POST",
          target,
          headers,
          declaredLength: null,
          wire: Buffer.from(wire),
          halfClose: true,
        };
      }
      if (variant === 4) {
        headers.push([
          "Transfer-Encoding",
          random.pick(["chunked", "gzip, chunked", "identity", "chunked, chunked", "zz"]),
        ]);
        return {
          label: `POST ${target} Transfer-Encoding with Content-Length`,
          method: "POST",
          target,
          headers,
          body,
          halfClose: true,
        };
      }
      const declaredLength = random.pick([65 * 1024, 10 ** 9, 12 * 1024 * 1024]);
      return {
        label: `POST ${target} declares ${declaredLength} bytes`,
        method: "POST",
        target,
        headers,
        body,
        declaredLength,
        halfClose: true,
      };
    }
    case 10: {
      const cookie = random.pick(COOKIES);
      const target = random.chance(0.2) ? postTarget() : page();
      const method = target.startsWith("/staff/") && random.chance(0.5) ? "POST" : "GET";
      const headers: Array<readonly [string, string]> = [["Cookie", cookie]];
      if (method === "POST") {
        headers.push(["Content-Type", FORM], ["Sec-Fetch-Site", "same-origin"]);
      }
      return {
        label: `${method} ${target} Cookie ${JSON.stringify(cookie.slice(0, 60))}`,
        method,
        target,
        headers,
        ...(method === "POST" && { body: Buffer.from(formBody(random)) }),
      };
    }
    case 11: {
      const target = random.pick([page(), targets.asset, targets.image, "/favicon.ico"]);
      const headers: Array<readonly [string, string]> = [];
      if (random.chance(0.6)) headers.push(["Range", random.pick(RANGES)]);
      if (random.chance(0.6)) headers.push(["If-None-Match", random.pick(ETAGS)]);
      if (random.chance(0.6)) headers.push(["Accept-Encoding", random.pick(ENCODINGS)]);
      return {
        label: `GET ${target} ${headers.map(([n, v]) => `${n}: ${v.slice(0, 40)}`).join(", ")}`,
        method: random.pick(["GET", "HEAD"]),
        target,
        headers,
      };
    }
    case 12: {
      const variant = random.int(0, 4);
      const target = page();
      if (variant === 0)
        return {
          label: `GET ${target} with a 20 KB header`,
          method: "GET",
          target,
          headers: [["X-Long", "a".repeat(20 * 1024)]],
        };
      if (variant === 1)
        return {
          label: `GET ${target} with 500 headers`,
          method: "GET",
          target,
          headers: Array.from({ length: 500 }, (_, i) => [`X-H${i}`, String(i)] as const),
        };
      if (variant === 2)
        return {
          label: `GET ${target} with a header of bad characters`,
          method: "GET",
          target,
          headers: [[random.pick(["X Bad", "X:Bad", "(x)", "X\u00e9"]), "value"]],
        };
      if (variant === 3)
        return {
          label: `GET ${target} with a folded header`,
          method: "GET",
          target,
          headers: [["X-Folded", "a\r\n  b"]],
        };
      return {
        label: `GET ${target} with an 8 KB cookie`,
        method: "GET",
        target,
        headers: [["Cookie", `theme=${"d".repeat(8 * 1024)}`]],
      };
    }
    default: {
      const count = random.int(1, 4);
      const headers: Array<readonly [string, string]> = [];
      for (let i = 0; i < count; i++) headers.push(random.pick(OTHER_HEADERS));
      const method = random.pick(["GET", "POST", "HEAD"]);
      const target = method === "POST" ? postTarget() : page();
      if (method === "POST") headers.push(["Content-Type", FORM]);
      return {
        label: `${method} ${target} ${headers.map(([n, v]) => `${n}: ${v.slice(0, 40)}`).join(", ")}`,
        method,
        target,
        headers,
        ...(method === "POST" && { body: Buffer.from(formBody(random)) }),
      };
    }
  }
}

/** `count` malformed requests, the same ones for the same seed and targets. */
export function malformedRequests(
  seed: number,
  count: number,
  targets: Targets,
): MalformedRequest[] {
  const random = new Random(seed);
  return Array.from({ length: count }, (_, index) => {
    const { label, ...parts } = generateOne(random, targets);
    const { bytes, halfClose } = assemble(parts, targets.authority);
    return { label: `#${index} ${label}`, bytes, halfClose };
  });
}

/** What came back on a request's connection. */
export type Exchange = {
  /** The status of each answer, in order (more than one when extra bytes read as a request). */
  statuses: number[];
  /** The head (status line and headers) of each answer. */
  heads: string[];
  /** Every byte the server sent. */
  raw: Buffer;
  /** How the connection ended when that was not by the server closing it. */
  error?: string;
};

/** Splits what a server sent on one connection into answers. */
export function parseAnswers(data: Buffer, { head: forHead = false } = {}): Omit<Exchange, "raw"> {
  const statuses: number[] = [];
  const heads: string[] = [];
  let offset = 0;
  while (offset < data.length) {
    const end = data.indexOf("\r\n\r\n", offset);
    if (end === -1) break;
    const head = data.subarray(offset, end).toString("latin1");
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? Number.NaN);
    if (Number.isNaN(status)) break;
    statuses.push(status);
    heads.push(head);
    offset = end + 4;
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    const bodiless = forHead || status === 204 || status === 304 || status < 200;
    if (bodiless) continue;
    if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      for (;;) {
        const lineEnd = data.indexOf("\r\n", offset);
        if (lineEnd === -1) return { statuses, heads };
        const size = Number.parseInt(data.subarray(offset, lineEnd).toString("latin1"), 16);
        offset = lineEnd + 2 + size + 2;
        if (!size) break;
      }
    } else if (length !== undefined) offset += Number(length);
    else break;
  }
  return { statuses, heads };
}

/**
 * Sends one request on a connection of its own and reads until the server
 * closes it (every request asks it to). A request whose body would never end
 * closes our side once sent. Gives up after `timeoutMs`, a guard against a
 * server that hangs, not a wait.
 */
export function exchange(
  port: number,
  request: MalformedRequest,
  timeoutMs = 20_000,
): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let error: string | undefined;
    const timer = setTimeout(() => {
      error = `no end after ${timeoutMs} ms`;
      socket.destroy();
    }, timeoutMs);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (failure) => (error ??= failure.message));
    socket.on("close", () => {
      clearTimeout(timer);
      const head = /^HEAD /.test(request.bytes.subarray(0, 5).toString("latin1"));
      const raw = Buffer.concat(chunks);
      const answers = { ...parseAnswers(raw, { head }), raw };
      resolve(error ? { ...answers, error } : answers);
    });
    socket.write(request.bytes, () => {
      if (request.halfClose) socket.end();
    });
  });
}
