import type { ServerBuild } from "react-router";
import { beforeAll, describe, expect, test } from "vitest";
import { SHEET_BODY_BYTES, UPLOAD_BODY_BYTES, bodyLimitFor } from "~/server/pipeline/body-limits";
import { MAX_BODY_BYTES } from "~/server/pipeline/request-body";
import { routeNeeds, type RouteNeeds } from "~/server/pipeline/route-needs";
import { importBuiltServer } from "../support/built-server";

/**
 * What the built site's routes ask of the transport (their `handle`s), as
 * the pipeline reads them: which URLs take pictures, read any post, are
 * only read, stream, are never cached, or refuse posts in the site's frame.
 */

let build: ServerBuild;
let needsAt: (url: URL) => Readonly<RouteNeeds>;
const at = (path: string) => needsAt(new URL(path, "http://localhost"));

beforeAll(async () => {
  ({ build } = await importBuiltServer());
  needsAt = routeNeeds(build);
});

test("the routes that declare needs, and what they declare", () => {
  const declared = Object.fromEntries(
    Object.values(build.routes).flatMap((route) => {
      const transport = (route?.module.handle as { transport?: unknown } | undefined)?.transport;
      return route && transport ? [[route.id, transport]] : [];
    }),
  );
  const upload = { body: "upload" };
  expect(declared).toEqual({
    "routes/site-layout": { refusesPostsInFrame: true },
    "routes/menu": {
      query: {
        diet: { values: ["all", "vegetarian", "vegan", "gluten-free", "dairy-free"] },
        q: { maxLength: 80 },
      },
    },
    "routes/contact": {
      body: "any",
      query: {
        topic: { values: ["general", "feedback", "lost-and-found", "accessibility", "media"] },
      },
    },
    "routes/venue": { body: "any" },
    "routes/newsletter": { query: { step: { values: ["sent"] } } },
    "routes/newsletter-confirm": { neverCached: true },
    "routes/newsletter-unsubscribe": { neverCached: true, crossSitePosts: true },
    "routes/staff/layout": { neverCached: true },
    "routes/staff/menu-import": { body: "sheet" },
    "routes/staff/menu-item": upload,
    "routes/staff/settings": upload,
    "routes/staff/event": upload,
    "routes/staff/venue-space": upload,
    "routes/staff/page-text": upload,
    "platform/live/stream-route": { stream: true, methods: "read" },
    "platform/live/revision-route": { stream: true, methods: "read" },
    "routes/image": { methods: "read", neverCached: true },
    "routes/share-card": { neverCached: true },
    "routes/event-card": { neverCached: true },
  });
});

describe("body limits", () => {
  test.each([
    "/staff/menu/items/12",
    "/staff/menu/items/new.data",
    "/staff/events/new",
    "/staff/events/7.data",
    "/staff/venue/spaces/the-snug",
    "/staff/settings",
    "/staff/settings.data",
    "/staff/settings/",
    "/staff/pages/1",
  ])("the picture editor %s takes a picture and its fields", (path) => {
    expect(bodyLimitFor(at(path).body)).toBe(UPLOAD_BODY_BYTES);
  });

  test.each(["/staff/menu/import", "/staff/menu/import.data", "/staff/menu/import/"])(
    "the spreadsheet import %s takes a file and the rows beside it",
    (path) => {
      expect(bodyLimitFor(at(path).body)).toBe(SHEET_BODY_BYTES);
    },
  );

  test.each([
    "/",
    "/contact",
    "/contact.data",
    "/venue",
    "/events",
    "/staff",
    "/staff/sign-in",
    "/staff/staff",
    "/staff/inbox/3",
    "/staff/menuish",
    "/staff/menu",
    "/staff/menu/menu.csv",
    "/staff/menu/sections/4",
    "/staff/venue/packages/2",
    "/staff/settings/other",
    "/theme",
  ])("%s keeps the 64 KB limit", (path) => {
    expect(bodyLimitFor(at(path).body)).toBe(MAX_BODY_BYTES);
  });

  test("the enquiry forms read any post themselves; other actions forms only", () => {
    for (const path of ["/contact", "/venue", "/contact.data", "/Venue/"]) {
      expect(at(path).body, path).toBe("any");
    }
    for (const path of ["/theme", "/staff/sign-in", "/staff/menu/items/new", "/staff/hours"]) {
      expect(at(path).body, path).not.toBe("any");
    }
  });
});

describe("methods, streams and the page cache", () => {
  test.each([
    "/live",
    "/live/revision",
    "/LIVE",
    "/live/",
    "/Live/",
    "/LIVE/REVISION/",
    "/live.data",
    "/live/_.data",
    "/live/revision.data",
  ])("%s is the live channel: a stream, only read", (path) => {
    expect(at(path)).toMatchObject({ stream: true, methods: "read" });
  });

  test.each(["/img/hero/taproom.svg", "/img/uploads/abc.webp", "/img/dishes/wings.svg.data"])(
    "the image %s is only read, no stream, and left to its own cache",
    (path) => {
      expect(at(path)).toMatchObject({ methods: "read", stream: false, neverCached: true });
    },
  );

  test.each(["/", "/menu", "/contact", "/staff/menu", "/live/elsewhere", "/favicon.svg", "/theme"])(
    "%s takes the pages' methods and is no stream",
    (path) => {
      expect(at(path)).toMatchObject({ methods: "page", stream: false });
    },
  );

  test("the staff area is never kept by the page cache; public pages may be", () => {
    for (const path of ["/staff", "/staff/sign-in", "/staff/menu", "/staff/menu.data"]) {
      expect(at(path).neverCached, path).toBe(true);
    }
    for (const path of ["/", "/menu", "/contact", "/venue", "/robots.txt", "/sitemap.xml"]) {
      expect(at(path).neverCached, path).toBe(false);
    }
  });

  test("pictures read their own query and are never kept by the page cache", () => {
    for (const path of [
      "/img/hero/taproom.svg",
      "/share-card.jpg",
      "/events/trivia-night/card.jpg",
    ]) {
      expect(at(path).neverCached, path).toBe(true);
    }
  });

  test("the newsletter's link pages get their token as it came and are never kept", () => {
    for (const path of [
      "/newsletter/confirm",
      "/newsletter/unsubscribe",
      "/Newsletter/Unsubscribe/",
    ]) {
      expect(at(path).neverCached, path).toBe(true);
    }
  });

  test("only the unsubscribe page takes posts from other sites (a mail program's one-click)", () => {
    expect(at("/newsletter/unsubscribe").crossSitePosts).toBe(true);
    expect(at("/newsletter/unsubscribe.data").crossSitePosts).toBe(true);
    for (const path of [
      "/",
      "/contact",
      "/venue",
      "/theme",
      "/newsletter/confirm",
      "/newsletter",
      "/newsletter/unsubscribe/x",
      "/staff/sign-in",
      "/staff/people",
    ]) {
      expect(at(path).crossSitePosts, path).toBe(false);
    }
  });

  test("pages read only the query keys they declare; the others read none", () => {
    expect(Object.keys(at("/menu").query)).toEqual(["diet", "q"]);
    expect(Object.keys(at("/menu.data").query)).toEqual(["diet", "q"]);
    expect(Object.keys(at("/contact").query)).toEqual(["topic"]);
    expect(Object.keys(at("/newsletter").query)).toEqual(["step"]);
    for (const path of [
      "/",
      "/about",
      "/venue",
      "/events",
      "/events/quiz-night",
      "/no-such-page",
    ]) {
      expect(at(path).query, path).toEqual({});
    }
  });

  test("public pages, the not-found page included, refuse posts in the site's frame", () => {
    for (const path of [
      "/",
      "/menu",
      "/events/quiz-night",
      "/no-such-page",
      "/staff/nothing/here",
    ]) {
      expect(at(path).refusesPostsInFrame, path).toBe(true);
    }
    for (const path of [
      "/staff",
      "/staff/sign-in",
      "/theme",
      "/img/a.svg",
      "/live",
      "/robots.txt",
    ]) {
      expect(at(path).refusesPostsInFrame, path).toBe(false);
    }
  });
});
