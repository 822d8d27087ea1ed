import sharp from "sharp";
import { describe, expect, vi } from "vitest";
import { drivers, routeArgs, routeTest } from "../../tests/support/route-test";
import { eventCardVersion, eventCardText } from "~/events/event-card";
import { getEventBySlug } from "~/events/events.server";
import { pictureFor } from "~/images/pictures.server";
import { loader } from "./event-card";

const test = routeTest.extend(
  "card",
  ({ context }) =>
    (path: string, headers: Record<string, string> = {}) =>
      loader(
        routeArgs(new Request(`https://pub.example${path}`, { headers }), {
          context,
          params: { slug: path.split("/")[2]! },
        }),
      ) as Promise<Response>,
);

/** How many light pixels the card's words column holds: its letters on the green. */
async function lightInWords(card: Buffer): Promise<number> {
  const { data, info } = await sharp(card)
    .extract({ left: 80, top: 60, width: 480, height: 480 })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let light = 0;
  for (let index = 0; index < info.width * info.height; index++) if (data[index]! > 200) light++;
  return light;
}

describe.each(drivers)("GET /events/<slug>/card.jpg on %s", (driver) => {
  test.override({ driver });

  test("is a 1200 × 630 JPEG of the event's name, date and picture, kept for a year at the address of what it shows", async ({
    card,
    context,
    db,
  }) => {
    const event = (await getEventBySlug(db, "trivia-night"))!;
    const [settings] = await db.query<{ name: string }>("select name from public.site_settings");
    const text = eventCardText(event, settings!.name, await pictureFor(context, event.image));
    const version = eventCardVersion(text);

    const response = await card(`/events/trivia-night/card.jpg?v=${version}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("ETag")).toBe(`"event-card-${version}"`);
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get("Content-Length"))).toBe(body.length);
    const { format, width, height, exif } = await sharp(body).metadata();
    expect({ format, width, height }).toEqual({ format: "jpeg", width: 1200, height: 630 });
    // What it shows is its description too, the event's name first.
    expect(exif?.includes(Buffer.from("Trivia Night, Wednesday"))).toBe(true);
    expect(exif?.includes(Buffer.from(`at ${settings!.name}`))).toBe(true);
    expect(await lightInWords(body)).toBeGreaterThan(2000);
    expect(body.length).toBeLessThan(200_000);

    // Without a fingerprint: served, checked again each time.
    const bare = await card("/events/trivia-night/card.jpg");
    expect(bare.headers.get("Cache-Control")).toBe("public, no-cache");
    const again = await card("/events/trivia-night/card.jpg", {
      "If-None-Match": bare.headers.get("ETag")!,
    });
    expect(again.status).toBe(304);
  });

  test("a change of plan is drawn, and moves the card to a new address the old one leads to", async ({
    card,
    db,
  }) => {
    const first = await card("/events/open-mic-night/card.jpg");
    const etag = first.headers.get("ETag")!;
    const old = /"event-card-([0-9a-f]{8})"/.exec(etag)![1]!;
    await db.query("update public.events set status = 'postponed' where slug = 'open-mic-night'");
    try {
      // The content cache notices the revision within a second or so.
      await vi.waitFor(
        async () => {
          const moved = await card(`/events/open-mic-night/card.jpg?v=${old}`);
          expect(moved.status).toBe(302);
          expect(moved.headers.get("Location")).toMatch(
            /^\/events\/open-mic-night\/card\.jpg\?v=[0-9a-f]{8}$/,
          );
        },
        { timeout: 15_000, interval: 100 },
      );
      const now = await card("/events/open-mic-night/card.jpg");
      const { exif } = await sharp(Buffer.from(await now.arrayBuffer())).metadata();
      expect(exif?.includes(Buffer.from("Open Mic Night, Postponed, "))).toBe(true);
    } finally {
      await db.query("update public.events set status = 'scheduled' where slug = 'open-mic-night'");
    }
  });

  test.for([
    ["a fingerprint that is not eight hex digits", "/events/trivia-night/card.jpg?v=abc"],
    ["two fingerprints", "/events/trivia-night/card.jpg?v=00000000&v=11111111"],
    ["a size to draw it at", "/events/trivia-night/card.jpg?w=4000"],
  ] as const)("%s is a 400 in plain words, kept nowhere", async ([, path], { card }) => {
    const response = await card(path);
    expect(response.status).toBe(400);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.text()).toMatch(/^An event card's address takes only v/);
  });

  test("a past event's card is the site's share card", async ({ card }) => {
    const response = await card("/events/celtic-session-with-the-hedgerow-fiddlers/card.jpg");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/share-card\.jpg\?v=[0-9a-f]{8}$/);
  });

  test("an unknown or hidden event has no card", async ({ card }) => {
    for (const slug of ["no-such-night", "whisky-tasting-evening"]) {
      const response = await card(`/events/${slug}/card.jpg`);
      expect(response.status, slug).toBe(404);
      expect(await response.text()).toBe("There is no event at this address.");
    }
  });
});
