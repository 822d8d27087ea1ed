import { randomBytes, randomUUID } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, test } from "vitest";
import { HoledBody, compressAroundHoles } from "./holed-body";
import type { Encoding } from "./compression";

const TOKEN = "hole0123456789abcdef01234567x0";
const NONCE = "hole0123456789abcdef01234567x1";

/** A form page as the server keeps it: the nonce on every script, the token in the form and the data. */
const PAGE = [
  "<!DOCTYPE html><html><head><style>",
  ".field{margin:0 auto;padding:1rem}.button{color:#fff;background:#7a2e12}".repeat(300),
  `</style><script nonce="${NONCE}">document.documentElement.dataset.theme="dark"</script></head>`,
  "<body><main><h1>Contact and hours</h1>",
  "<p>We answer the phone during opening hours and email within a day.</p>".repeat(40),
  `<form method="post"><input type="hidden" name="submission" value="${TOKEN}"/>`,
  '<label>Your name<input name="name" autocomplete="name"/></label>'.repeat(5),
  `</form></main><script nonce="${NONCE}" type="module">import "/assets/entry.js";</script>`,
  `<script nonce="${NONCE}">window.data.enqueue("[\\"submissionToken\\",\\"${TOKEN}\\",\\"retentionDays\\",365]");</script>`,
  "</body></html>",
].join("");

const LENGTHS = [36, 24];
const encoder = new TextEncoder();
const fresh = () => [
  encoder.encode(randomUUID()),
  encoder.encode(randomBytes(16).toString("base64")),
];
const bytes = (text: string) => encoder.encode(text);

function decompress(encoding: Encoding, body: Uint8Array): string {
  const decompressed = encoding === "br" ? zlib.brotliDecompressSync(body) : zlib.gunzipSync(body);
  return decompressed.toString();
}

/** What each response should get: the page with its values in place of the marks. */
function filled(page: string, marks: readonly string[], values: readonly Uint8Array[]): string {
  const decoder = new TextDecoder();
  return marks.reduce(
    (text, mark, index) => text.replaceAll(mark, decoder.decode(values[index])),
    page,
  );
}

describe("HoledBody", () => {
  test("splits a body at its marks and fills in any values, of any length", () => {
    const body = new HoledBody(bytes(PAGE), [TOKEN, NONCE]);
    expect(body.gaps).toEqual([1, 0, 1, 1, 0]);
    expect(body.texts).toHaveLength(6);
    expect(body.textBytes).toBe(bytes(PAGE).byteLength - 5 * TOKEN.length);
    const values = [bytes("a token"), bytes("n")];
    expect(new TextDecoder().decode(body.fill(values))).toBe(filled(PAGE, [TOKEN, NONCE], values));
  });

  test("takes the longer of two marks where one begins the other", () => {
    const marks = Array.from({ length: 11 }, (_, index) => `holeabcx${index}`);
    const text = `<p>${marks[1]}</p><p>${marks[10]}</p><p>${marks[0]}</p>`;
    const body = new HoledBody(bytes(text), marks);
    expect(body.gaps).toEqual([1, 10, 0]);
    const values = marks.map((_, index) => bytes(String(index)));
    expect(new TextDecoder().decode(body.fill(values))).toBe("<p>1</p><p>10</p><p>0</p>");
  });
});

describe.each(["br", "gzip"] as const)("compressAroundHoles, %s", (encoding) => {
  test("compressed once, it gives each response's own values, byte for byte", async () => {
    const body = new HoledBody(bytes(PAGE), [TOKEN, NONCE]);
    const compressed = await compressAroundHoles(body, encoding, LENGTHS);
    expect(compressed).not.toBeNull();
    const seen = new Set<string>();
    for (let response = 0; response < 200; response++) {
      const values = fresh();
      const text = decompress(encoding, compressed!.fill(values));
      expect(text).toBe(filled(PAGE, [TOKEN, NONCE], values));
      seen.add(text);
    }
    expect(seen.size).toBe(200);
  });

  test("costs little more than compressing the page whole, and far less than sending it plain", async () => {
    const body = new HoledBody(bytes(PAGE), [TOKEN, NONCE]);
    const compressed = await compressAroundHoles(body, encoding, LENGTHS);
    const values = fresh();
    const size = compressed!.fill(values).byteLength;
    const page = bytes(filled(PAGE, [TOKEN, NONCE], values));
    const whole =
      encoding === "br"
        ? zlib.brotliCompressSync(page, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
          })
        : zlib.gzipSync(page, { level: 9 });
    expect(size).toBeLessThan(whole.byteLength * 1.1 + 200);
    expect(size).toBeLessThan(page.byteLength / 10);
    expect(compressed!.keptBytes).toBeLessThan(size);
  });

  test.each([
    ["at the very start", `${TOKEN}<p>${"The kitchen closes at ten. ".repeat(80)}</p>`],
    ["at the very end", `<p>${"The kitchen closes at ten. ".repeat(80)}</p>${TOKEN}`],
    ["side by side", `<p>${"Wings. ".repeat(100)}${TOKEN}${NONCE}${NONCE}</p>${TOKEN}`],
    ["nowhere", `<p>${"Wings. ".repeat(100)}</p>`],
    ["one after another", `${TOKEN}${NONCE}`.repeat(10)],
  ])("holes %s", async (_, page) => {
    const body = new HoledBody(bytes(page), [TOKEN, NONCE]);
    const compressed = await compressAroundHoles(body, encoding, LENGTHS);
    expect(compressed).not.toBeNull();
    for (let response = 0; response < 20; response++) {
      const values = fresh();
      expect(decompress(encoding, compressed!.fill(values))).toBe(
        filled(page, [TOKEN, NONCE], values),
      );
    }
  });

  test("takes a value with several bytes to a character, of the same length in bytes", async () => {
    const body = new HoledBody(bytes(PAGE), [TOKEN, NONCE]);
    const compressed = await compressAroundHoles(body, encoding, LENGTHS);
    const values = [bytes(`${"é".repeat(16)}abcd`), bytes("’".repeat(8))];
    expect(decompress(encoding, compressed!.fill(values))).toBe(
      filled(PAGE, [TOKEN, NONCE], values),
    );
  });

  test("takes only values of the lengths it was made for", async () => {
    const body = new HoledBody(bytes(PAGE), [TOKEN, NONCE]);
    const compressed = await compressAroundHoles(body, encoding, LENGTHS);
    expect(compressed!.fits(fresh())).toBe(true);
    const short = [bytes("too short"), fresh()[1]!];
    expect(compressed!.fits(short)).toBe(false);
    expect(compressed!.fits([bytes(randomUUID())])).toBe(false);
    expect(() => compressed!.fill(short)).toThrow(/length/);
  });

  test("gives up on a body that leaves no bytes for filler", async () => {
    // Every byte value in the text: nothing can stand in a hole without being matched.
    const everyByte = Uint8Array.from({ length: 256 }, (_, byte) => byte);
    const text = new Uint8Array([...everyByte, ...bytes(`<p>${TOKEN}</p>`), ...everyByte]);
    const body = new HoledBody(text, [TOKEN]);
    expect(await compressAroundHoles(body, encoding, LENGTHS)).toBeNull();
  });
});
