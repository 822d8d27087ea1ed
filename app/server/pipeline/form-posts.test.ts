import type { ServerBuild } from "react-router";
import { describe, expect, test } from "vitest";
import { actionRoutes, postsToPagesWithoutAction } from "./form-posts";

const page = () => null;
const action = () => null;

/** The shape of the site's routes (app/routes.ts), as the build lists them, with the site layout's handle. */
const routes = {
  root: { id: "root", path: "", module: { default: page, ErrorBoundary: page } },
  "routes/site-layout": {
    id: "routes/site-layout",
    parentId: "root",
    module: { default: page, handle: { transport: { refusesPostsInFrame: true } } },
  },
  "routes/home": {
    id: "routes/home",
    parentId: "routes/site-layout",
    index: true,
    module: { default: page },
  },
  "routes/contact": {
    id: "routes/contact",
    parentId: "routes/site-layout",
    path: "contact",
    module: { default: page, action },
  },
  "routes/not-found": {
    id: "routes/not-found",
    parentId: "routes/site-layout",
    path: "*",
    module: { default: page },
  },
  "routes/staff/layout": {
    id: "routes/staff/layout",
    parentId: "root",
    path: "staff",
    module: { default: page },
  },
  "routes/staff/sign-in": {
    id: "routes/staff/sign-in",
    parentId: "routes/staff/layout",
    path: "sign-in",
    module: { default: page, action },
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
    module: { default: page, action },
  },
  "routes/staff/menu-item": {
    id: "routes/staff/menu-item",
    parentId: "routes/staff/area",
    path: "menu/items/:id",
    module: { default: page, action },
  },
  "routes/theme": { id: "routes/theme", parentId: "root", path: "theme", module: { action } },
  "routes/robots": { id: "routes/robots", parentId: "root", path: "robots.txt", module: {} },
} as unknown as ServerBuild["routes"];

const actionAt = actionRoutes({ routes });
const at = (path: string) => actionAt(new URL(path, "http://localhost"));

describe("actionRoutes", () => {
  test.each([
    ["/contact", "routes/contact"],
    ["/contact/", "routes/contact"],
    ["/contact.data", "routes/contact"],
    ["/contact?topic=accessibility", "routes/contact"],
    ["/staff/sign-in", "routes/staff/sign-in"],
    ["/staff/sign-in.data", "routes/staff/sign-in"],
    ["/staff/menu/items/12", "routes/staff/menu-item"],
    ["/theme", "routes/theme"],
    ["/theme.data", "routes/theme"],
    ["/staff?index", "routes/staff/inbox"],
    ["/staff.data?index", "routes/staff/inbox"],
  ])("a post to %s runs the action of %s", (path, id) => {
    expect(at(path)).toBe(id);
  });

  test.each([
    // An index route's action needs a bare ?index; without it the post goes to its parent.
    "/",
    "/?index",
    "/_.data",
    "/staff",
    "/staff?index=1",
    // Pages and files without an action.
    "/menu",
    "/favicon.svg",
    "/robots.txt",
    "/staff/menu/items",
  ])("a post to %s reaches no action", (path) => {
    expect(at(path)).toBeNull();
  });
});

describe("postsToPagesWithoutAction", () => {
  const refused = postsToPagesWithoutAction({ routes } as unknown as Pick<ServerBuild, "routes">);
  const post = (path: string, method = "POST") => {
    const url = new URL(path, "http://localhost");
    return refused(new Request(url, { method, body: method === "POST" ? "a=b" : null }), url);
  };

  test.each(["/", "/?index", "/?q=1", "/no-such-page", "/favicon.svg"])(
    "a post to the public page %s, which takes none, is refused in the site's frame",
    (path) => expect(post(path)).toBe(true),
  );

  test.each(["/contact", "/staff/sign-in", "/staff", "/_.data", "/contact.data"])(
    "a post to %s is left to the route (an action, the staff area or a data request)",
    (path) => expect(post(path)).toBe(false),
  );

  test("a GET is never refused here", () => {
    expect(post("/", "GET")).toBe(false);
  });
});
