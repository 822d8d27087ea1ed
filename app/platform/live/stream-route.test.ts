import { RouterContextProvider } from "react-router";
import { describe, expect, test } from "vitest";
import { routeArgs } from "../../../tests/support/route-args";
import { liveContext } from "~/platform/context";
import { stubDatabase } from "~/platform/database/database.test-support";
import { ifNoneMatch } from "~/platform/cache-control";
import { LiveStreams } from "~/platform/live/live-streams.server";
import { ContentRevision } from "~/platform/live/content-revision.server";
import { RevisionFeed } from "~/platform/live/revision-feed.server";
import { loader as liveLoader } from "./stream-route";
import { loader as revisionLoader } from "./revision-route";

const noDatabase = stubDatabase();

function contextWith(read: () => Promise<string>) {
  const feed = new RevisionFeed({
    database: async () => noDatabase,
    revision: new ContentRevision({ read }),
    log: console,
  });
  const live = new LiveStreams({ feed, maxStreams: 10 });
  const context = new RouterContextProvider();
  context.set(liveContext, live);
  return { context, live };
}

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(new URL(path, "http://localhost"), { headers });

describe("GET /live/revision", () => {
  test("the revision as JSON, its ETag, no-cache", async () => {
    const { context } = contextWith(async () => "12");
    const response = await revisionLoader(routeArgs(get("/live/revision"), { context }));
    expect(response.status).toBe(200);
    expect(response.headers.get("ETag")).toBe('"12"');
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    expect(await response.json()).toEqual({ revision: "12" });
  });

  test.each([['"12"'], ['W/"12"'], ['"3", "12"'], ["*"]])(
    "304 when If-None-Match is %s",
    async (value) => {
      const { context } = contextWith(async () => "12");
      const response = await revisionLoader(
        routeArgs(get("/live/revision", { "If-None-Match": value }), { context }),
      );
      expect(response.status).toBe(304);
      expect(response.headers.get("ETag")).toBe('"12"');
      expect(response.body).toBeNull();
    },
  );

  test.each([
    ['"11"'],
    ["12"],
    ['"12'],
    [""],
    [",,,"],
    ["W/"],
    ['"1' + "2".repeat(2_000) + '"'],
    // Too long to be one of ours: not read, though it names the revision.
    ['"12", ' + '"x", '.repeat(300)],
    ["\u00e9t\u00e9"],
  ])("a full answer when If-None-Match is an odd or other value (%#)", async (value) => {
    const { context } = contextWith(async () => "12");
    const response = await revisionLoader(
      routeArgs(get("/live/revision", { "If-None-Match": value }), { context }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ revision: "12" });
  });

  test("a query string changes nothing", async () => {
    const { context } = contextWith(async () => "12");
    const response = await revisionLoader(
      routeArgs(get("/live/revision?x=1&revision=99&%ZZ"), { context }),
    );
    expect(await response.json()).toEqual({ revision: "12" });
  });

  test("503 with Retry-After while the revision cannot be read", async () => {
    const { context } = contextWith(() => Promise.reject(new Error("connection refused")));
    const response = await revisionLoader(routeArgs(get("/live/revision"), { context }));
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });

  test("503 where nothing is live", async () => {
    const response = await revisionLoader(routeArgs(get("/live/revision")));
    expect(response.status).toBe(503);
  });
});

describe("GET /live with odd input", () => {
  test.each([
    [{}],
    [{ "Last-Event-ID": "12" }],
    [{ "Last-Event-ID": "999999999999999999999999999" }],
    [{ "Last-Event-ID": "-1" }],
    [{ "Last-Event-ID": "not a number" }],
    [{ "Last-Event-ID": "x".repeat(5_000) }],
    [{ "Last-Event-ID": "" }],
    [{ Accept: "application/json" }],
  ])("opens with the current revision whatever the request says (%#)", async (headers) => {
    const { context, live } = contextWith(async () => "12");
    const response = await liveLoader(routeArgs(get("/live?since=3&&x=%ZZ", headers), { context }));
    expect(response.status).toBe(200);
    const text = await readUntil(response, "data:");
    expect(text).toBe('retry: 1000\n\nid: 12\nevent: revision\ndata: {"revision":"12"}\n\n');
    expect(live.status().streams).toBe(0);
  });

  test("503 where nothing is live", async () => {
    const response = await liveLoader(routeArgs(get("/live")));
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBeTruthy();
  });
});

describe("ifNoneMatch", () => {
  test("compares entity tags weakly and ignores what is not one", () => {
    expect(ifNoneMatch('W/"1", "2"', '"2"')).toBe(true);
    expect(ifNoneMatch('"1"', '"2"')).toBe(false);
    expect(ifNoneMatch(null, '"2"')).toBe(false);
    expect(ifNoneMatch(" * ", '"2"')).toBe(true);
  });
});

/** Reads the stream until its text contains `marker` and one whole event, then lets it go. */
async function readUntil(response: Response, marker: string): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!(text.includes(marker) && text.endsWith("\n\n"))) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  await reader.cancel();
  return text;
}
