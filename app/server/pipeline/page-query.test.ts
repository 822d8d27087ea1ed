import { describe, expect, test } from "vitest";
import { DEFAULT_NEEDS, type RouteNeeds } from "./route-needs";
import { pageAddress, requestFor } from "./page-query";

/** A page that reads a diet from a list and a free-text search, as the menu does. */
const filtered: RouteNeeds = {
  ...DEFAULT_NEEDS,
  query: { diet: { values: ["all", "vegan", "gluten-free"] }, q: { maxLength: 10 } },
  routePath: "/menu",
  routeIds: ["root", "layout", "menu"],
};
/** A page that reads no query key. */
const plain: RouteNeeds = { ...DEFAULT_NEEDS, routePath: "/about", routeIds: ["root", "about"] };

const address = (path: string, needs = filtered) =>
  pageAddress(new URL(path, "http://localhost"), needs);
const rendered = (path: string, needs = filtered) => {
  const { url } = address(path, needs);
  return `${url.pathname}${url.search}`;
};

describe("pageAddress", () => {
  test.each([
    "/about?utm_source=newsletter&utm_medium=email",
    "/about?fbclid=IwAR0abc",
    "/about?gclid=Cj0KCQ",
    "/about?cb=1732835040123",
    "/about?",
    "/about?diet=vegan",
  ])("drops every key a page does not read: %s is /about, kept", (path) => {
    expect(address(path, plain)).toEqual({
      url: new URL("http://localhost/about"),
      keepable: true,
    });
  });

  test("keeps the keys a page reads, in the order it declares them, and drops the rest", () => {
    expect(rendered("/menu?utm_source=x&diet=vegan&fbclid=y")).toBe("/menu?diet=vegan");
    expect(rendered("/menu?q=wings&diet=vegan")).toBe("/menu?diet=vegan&q=wings");
  });

  test("a value from a list is read trimmed and in lower case; any other is as if absent", () => {
    expect(rendered("/menu?diet=%20Gluten-FREE%20")).toBe("/menu?diet=gluten-free");
    expect(address("/menu?diet=carnivore")).toEqual({
      url: new URL("http://localhost/menu"),
      keepable: true,
    });
    expect(rendered(`/menu?diet=${"vegan".repeat(2000)}`)).toBe("/menu");
    expect(rendered("/menu?diet=")).toBe("/menu");
  });

  test("only the first value of a key counts, however many come", () => {
    const many = Array.from({ length: 500 }, (_, n) => `diet=x${n}`).join("&");
    expect(rendered(`/menu?diet=vegan&diet=all&${many}`)).toBe("/menu?diet=vegan");
    expect(rendered(`/menu?${many}&diet=vegan`)).toBe("/menu");
  });

  test("a thousand unknown keys are no key at all", () => {
    const keys = Array.from({ length: 1000 }, (_, n) => `k${n}=${n}`).join("&");
    expect(address(`/menu?${keys}`)).toEqual({
      url: new URL("http://localhost/menu"),
      keepable: true,
    });
  });

  test("free text is cut to its length, cleaned, and its page never kept", () => {
    expect(address("/menu?q=burger")).toEqual({
      url: new URL("http://localhost/menu?q=burger"),
      keepable: false,
    });
    const huge = address(`/menu?q=${"x".repeat(5000)}`);
    expect(huge.url.searchParams.get("q")).toBe("x".repeat(10));
    expect(huge.keepable).toBe(false);
    expect(address("/menu?q=%00fish%0A%0D%20and").url.searchParams.get("q")).toBe("fish and");
    expect(address("/menu?q=fish%20and%20%20chips").url.searchParams.get("q")).toBe("fish and c");
    // Cut by characters, never inside one.
    expect(address(`/menu?q=${"🍔".repeat(20)}`).url.searchParams.get("q")).toBe("🍔".repeat(10));
  });

  test("free text that is only spaces or control characters is absent, and the page kept", () => {
    expect(address("/menu?q=%20%09%00")).toEqual({
      url: new URL("http://localhost/menu"),
      keepable: true,
    });
  });

  test("a data request keeps the routes it asks for that the URL matches, in their order", () => {
    expect(rendered("/menu.data?_routes=menu,root,nope,menu&utm_source=x")).toBe(
      `/menu.data?_routes=${encodeURIComponent("root,menu")}`,
    );
    expect(rendered("/menu.data?diet=vegan&_routes=menu")).toBe(
      "/menu.data?diet=vegan&_routes=menu",
    );
    expect(rendered("/menu?_routes=menu")).toBe("/menu");
  });

  test("a data request naming no route the URL matches is answered as it came, not kept", () => {
    const url = new URL("http://localhost/menu.data?_routes=nope&utm=1");
    expect(pageAddress(url, filtered)).toEqual({ url, keepable: false });
  });

  test("the origin and path stay the request's, whatever the path looks like", () => {
    const { url } = address("http://localhost//evil.example/menu?x=1", plain);
    expect(url.origin).toBe("http://localhost");
    expect(url.pathname).toBe("//evil.example/menu");
    expect(address("/about#top", plain).url.href).toBe("http://localhost/about");
  });
});

describe("requestFor", () => {
  test("is the request itself for its own URL, and a GET with its headers for another", () => {
    const request = new Request("http://localhost/menu?utm_source=x", {
      headers: { "Accept-Encoding": "br", Cookie: "theme=1" },
    });
    expect(requestFor(request, new URL("http://localhost/menu?utm_source=x"))).toBe(request);
    const page = requestFor(request, new URL("http://localhost/menu"));
    expect(page.url).toBe("http://localhost/menu");
    expect(page.method).toBe("GET");
    expect(page.headers.get("Accept-Encoding")).toBe("br");
    expect(page.headers.get("Cookie")).toBe("theme=1");
  });
});
