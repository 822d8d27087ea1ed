import { expect } from "vitest";

type CookieExpectation = {
  value?: string | RegExp;
  attributes?: RegExp[];
};

function setCookies(response: Response): string[] {
  return response.headers.getSetCookie();
}

expect.extend({
  /** A redirect response, optionally to `location`. */
  toHaveRedirect(received: unknown, location?: string) {
    if (!(received instanceof Response)) {
      return { pass: false, message: () => `expected a Response, got ${String(received)}` };
    }
    const isRedirect = received.status >= 300 && received.status < 400;
    const actual = received.headers.get("Location");
    const pass = isRedirect && (location === undefined || actual === location);
    return {
      pass,
      message: () =>
        pass
          ? `expected no redirect${location ? ` to ${location}` : ""}, got ${received.status} to ${actual}`
          : `expected a redirect${location ? ` to ${location}` : ""}, got ${received.status}${actual ? ` to ${actual}` : ""}`,
    };
  },

  /** A response that sets the cookie `name`, with its value and attributes as given. */
  toSetCookie(received: unknown, name: string, expected: CookieExpectation = {}) {
    if (!(received instanceof Response)) {
      return { pass: false, message: () => `expected a Response, got ${String(received)}` };
    }
    const cookies = setCookies(received);
    const cookie = cookies.find((header) => header.startsWith(`${name}=`));
    const value = cookie?.slice(name.length + 1).split(";", 1)[0];
    const valueMatches =
      expected.value === undefined ||
      (typeof expected.value === "string"
        ? value === expected.value
        : expected.value.test(value ?? ""));
    const attributesMatch = (expected.attributes ?? []).every((pattern) =>
      pattern.test(cookie ?? ""),
    );
    const pass = Boolean(cookie) && valueMatches && attributesMatch;
    return {
      pass,
      message: () =>
        `expected Set-Cookie ${name}${pass ? " not" : ""} to match ${JSON.stringify({
          value: String(expected.value ?? "(any)"),
          attributes: (expected.attributes ?? []).map(String),
        })}; got ${JSON.stringify(cookies)}`,
    };
  },
});

declare module "vitest" {
  // The type parameters must match Vitest's own declaration of Matchers.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface Matchers<R extends void | Promise<void> = void | Promise<void>, T = unknown> {
    toHaveRedirect(location?: string): R;
    toSetCookie(name: string, expected?: CookieExpectation): R;
  }
}
