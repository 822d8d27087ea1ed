import type { ServerBuild } from "react-router";
import { describe, expect, test } from "vitest";
import type { RouteHandle } from "~/platform/route-needs";
import { DEFAULT_NEEDS, combinedNeeds, routeMatcher, routeNeeds } from "./route-needs";

const page = () => null;
const action = () => null;
const loader = () => null;
const needs = (transport: RouteHandle["transport"]) => ({ transport });

/**
 * A build shaped like the site's (app/routes.ts), with handles: nested
 * pathless layouts, index routes, a splat, resource routes, and a page that
 * overrides what its layout says.
 */
const routes = {
  root: { id: "root", path: "", module: { default: page, ErrorBoundary: page } },
  "routes/site-layout": {
    id: "routes/site-layout",
    parentId: "root",
    module: { default: page, handle: needs({ refusesPostsInFrame: true }) },
  },
  "routes/site-page": {
    id: "routes/site-page",
    parentId: "routes/site-layout",
    module: { default: page },
  },
  "routes/home": {
    id: "routes/home",
    parentId: "routes/site-page",
    index: true,
    module: { default: page },
  },
  "routes/menu": {
    id: "routes/menu",
    parentId: "routes/site-page",
    path: "menu",
    // A handle for something else: no transport needs.
    module: { default: page, handle: { stylesheet: "link" } },
  },
  "routes/contact": {
    id: "routes/contact",
    parentId: "routes/site-page",
    path: "contact",
    module: { default: page, action, handle: needs({ body: "any" }) },
  },
  "routes/event": {
    id: "routes/event",
    parentId: "routes/site-page",
    path: "events/:slug",
    module: { default: page },
  },
  "routes/not-found": {
    id: "routes/not-found",
    parentId: "routes/site-page",
    path: "*",
    module: { default: page },
  },
  "routes/staff/layout": {
    id: "routes/staff/layout",
    parentId: "root",
    path: "staff",
    module: { default: page, handle: needs({ neverCached: true, body: "upload" }) },
  },
  "routes/staff/sign-in": {
    id: "routes/staff/sign-in",
    parentId: "routes/staff/layout",
    path: "sign-in",
    module: { default: page, action, handle: needs({ body: "form" }) },
  },
  "routes/staff/area": {
    id: "routes/staff/area",
    parentId: "routes/staff/layout",
    module: { default: page },
  },
  "routes/staff/inbox": {
    id: "routes/staff/inbox",
    parentId: "routes/staff/area",
    index: true,
    module: { default: page, action, handle: needs({ body: "any" }) },
  },
  "routes/staff/menu-item": {
    id: "routes/staff/menu-item",
    parentId: "routes/staff/area",
    path: "menu/items/:id",
    module: { default: page, action },
  },
  "routes/staff/preview": {
    id: "routes/staff/preview",
    parentId: "routes/staff/area",
    path: "preview",
    module: { default: page, handle: needs({ neverCached: false }) },
  },
  "routes/live": {
    id: "routes/live",
    parentId: "root",
    path: "live",
    module: { loader, handle: needs({ stream: true, methods: "read" }) },
  },
  "routes/live-revision": {
    id: "routes/live-revision",
    parentId: "root",
    path: "live/revision",
    module: { loader, handle: needs({ stream: true, methods: "read" }) },
  },
  "routes/image": {
    id: "routes/image",
    parentId: "root",
    path: "img/*",
    module: { loader, handle: needs({ methods: "read" }) },
  },
  "routes/event-calendar": {
    id: "routes/event-calendar",
    parentId: "root",
    path: "events/:slug.ics",
    module: { loader },
  },
  "routes/theme": {
    id: "routes/theme",
    parentId: "root",
    path: "theme",
    module: { action, handle: "not an object" },
  },
} as unknown as ServerBuild["routes"];

const build = { routes };
const needsAt = routeNeeds(build);
const at = (path: string) => needsAt(new URL(path, "http://localhost"));

describe("combinedNeeds", () => {
  test("a route that says nothing gets the defaults", () => {
    expect(combinedNeeds([undefined, {}, { stylesheet: "link" }, "x", null])).toEqual({
      body: "form",
      methods: "page",
      stream: false,
      neverCached: false,
      crossSitePosts: false,
      refusesPostsInFrame: false,
      query: {},
    });
  });

  test("the deepest route that sets a key decides it; the others' keys hold", () => {
    expect(
      combinedNeeds([
        needs({ neverCached: true, body: "upload", refusesPostsInFrame: true }),
        needs({ body: "any", neverCached: undefined }),
        needs({ neverCached: false }),
      ]),
    ).toEqual({ ...DEFAULT_NEEDS, body: "any", neverCached: false, refusesPostsInFrame: true });
  });
});

describe("routeNeeds", () => {
  test.each([
    ["/", "/"],
    ["/?index", "/"],
    ["/menu", "/menu"],
    ["/events/quiz-night", "/events/:slug"],
    ["/no-such-page", "/*"],
    ["/staff/no-such-page/deeper", "/*"],
  ])(
    "a public page, %s, takes forms, is cached, and refuses posts in the site's frame",
    (path, routePath) => {
      expect(at(path)).toEqual({
        ...DEFAULT_NEEDS,
        refusesPostsInFrame: true,
        routePath,
        routeIds: expect.arrayContaining(["root", "routes/site-layout", "routes/site-page"]),
      });
    },
  );

  test.each(["/contact", "/contact/", "/CONTACT", "/Contact/", "/contact.data", "/contact?x=1"])(
    "%s is the contact page, whose action reads any post, as React Router matches it",
    (path) => {
      expect(at(path)).toMatchObject({
        body: "any",
        refusesPostsInFrame: true,
        routePath: "/contact",
      });
    },
  );

  test("a layout's needs hold below it, unless a page below says otherwise", () => {
    expect(at("/staff/menu/items/12")).toMatchObject({ body: "upload", neverCached: true });
    expect(at("/Staff/Menu/Items/12/")).toMatchObject({ body: "upload", neverCached: true });
    expect(at("/staff/sign-in")).toMatchObject({ body: "form", neverCached: true });
    expect(at("/staff/preview")).toMatchObject({ body: "upload", neverCached: false });
    expect(at("/staff/menu/items/12")).toMatchObject({ routePath: "/staff/menu/items/:id" });
  });

  test("an index route's needs are its parent path's, with or without ?index", () => {
    for (const path of ["/staff", "/staff/", "/staff?index", "/staff.data", "/staff/_.data"]) {
      expect(at(path), path).toMatchObject({ body: "any", neverCached: true, routePath: "/staff" });
    }
  });

  test("a data request reaches the routes of its page", () => {
    expect(at("/_.data")).toEqual(at("/"));
    expect(at("/menu.data")).toEqual(at("/menu"));
    expect(at("/staff/menu/items/new.data")).toEqual(at("/staff/menu/items/new"));
    expect(at("/live.data")).toMatchObject({ stream: true, routePath: "/live" });
    expect(at("/LIVE.data")).toMatchObject({ stream: true, routePath: "/live" });
    expect(at("/live/_.data")).toMatchObject({ stream: true, routePath: "/live" });
    expect(at("/live/revision/_.data")).toMatchObject({
      stream: true,
      routePath: "/live/revision",
    });
  });

  test.each(["/live", "/live/", "/LIVE", "/Live/", "/live/revision", "/LIVE/REVISION/"])(
    "%s is a stream, only read, named by its declared path",
    (path) => {
      expect(at(path)).toMatchObject({ stream: true, methods: "read", refusesPostsInFrame: false });
      expect(at(path).routePath?.toLowerCase()).toBe(path.toLowerCase().replace(/\/$/, ""));
    },
  );

  test.each(["/img/hero/taproom.svg", "/img/uploads/a/b/c.webp", "/IMG/x.png", "/img/"])(
    "%s reaches the image splat, only read",
    (path) => {
      expect(at(path)).toMatchObject({ methods: "read", stream: false, routePath: "/img/*" });
    },
  );

  test("a file beside an event page is the resource route React Router ranks first", () => {
    expect(at("/events/quiz-night.ics")).toEqual({
      ...DEFAULT_NEEDS,
      routePath: "/events/:slug.ics",
      routeIds: ["root", "routes/event-calendar"],
    });
  });

  test("a resource route whose handle is not an object asks nothing", () => {
    expect(at("/theme")).toEqual({
      ...DEFAULT_NEEDS,
      routePath: "/theme",
      routeIds: ["root", "routes/theme"],
    });
  });

  test("a URL no route matches gets the defaults", () => {
    const bare = routeNeeds({
      routes: { root: routes.root } as unknown as ServerBuild["routes"],
    });
    expect(bare(new URL("http://localhost/anything"))).toEqual({
      ...DEFAULT_NEEDS,
      routePath: null,
      routeIds: [],
    });
  });

  test("the matched routes' ids, root first, are what a data request may name", () => {
    expect(at("/menu.data").routeIds).toEqual([
      "root",
      "routes/site-layout",
      "routes/site-page",
      "routes/menu",
    ]);
    expect(at("/").routeIds.at(-1)).toBe("routes/home");
  });

  test("the query keys a page reads are its own, not its layout's added to them", () => {
    const routesWithQuery = {
      ...routes,
      "routes/site-page": {
        ...routes["routes/site-page"],
        module: { default: page, handle: needs({ query: { page: { values: ["1", "2"] } } }) },
      },
      "routes/menu": {
        ...routes["routes/menu"],
        module: { default: page, handle: needs({ query: { q: { maxLength: 80 } } }) },
      },
    } as unknown as ServerBuild["routes"];
    const withQuery = routeNeeds({ routes: routesWithQuery });
    const read = (path: string) => withQuery(new URL(path, "http://localhost")).query;
    expect(at("/menu").query).toEqual({});
    expect(read("/menu")).toEqual({ q: { maxLength: 80 } });
    expect(read("/about")).toEqual({ page: { values: ["1", "2"] } });
    expect(read("/staff/sign-in")).toEqual({});
  });

  test("React Router's own route discovery is never cached, whatever page its path looks like", () => {
    const discovering = routeNeeds({
      routes,
      routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    });
    const url = new URL("http://localhost/__manifest?paths=%2Fmenu&version=abc");
    expect(discovering(url)).toMatchObject({ neverCached: true, routePath: null });
    expect(at("/__manifest")).toMatchObject({ neverCached: false, routePath: "/*" });
    const initial = routeNeeds({
      routes,
      routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
    });
    expect(initial(url)).toMatchObject({ neverCached: false });
  });

  test("a build's routes are matched by one matcher, which remembers what it matched", () => {
    expect(routeMatcher(build)).toBe(routeMatcher({ routes }));
    const match = routeMatcher(build);
    expect(match("/menu")).toBe(match("/menu"));
    expect(at("/menu")).toBe(at("/menu"));
    expect(routeMatcher({ routes: { ...routes } })).not.toBe(match);
  });
});
