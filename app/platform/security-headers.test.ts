import { describe, expect, test } from "vitest";
import {
  applySecurityHeaders,
  contentSecurityPolicy,
  fallbackContentSecurityPolicy,
} from "./security-headers";

function directives(policy: string) {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
}

describe("contentSecurityPolicy", () => {
  test("allows scripts only from our origin and with the nonce, never inline", () => {
    const policy = directives(
      contentSecurityPolicy({ scripts: { nonce: "abc123" }, https: false }),
    );
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
    expect(policy.get("script-src")).not.toContain("'unsafe-eval'");
  });

  test("embeds no frames, except Turnstile's when the forms show its widget", () => {
    const without = directives(contentSecurityPolicy({ scripts: { nonce: "n" }, https: true }));
    expect(without.get("frame-src")).toEqual(["'none'"]);
    const turnstile = "https://challenges.cloudflare.com";
    const withWidget = directives(
      contentSecurityPolicy({ scripts: { nonce: "n" }, https: true, turnstileOrigin: turnstile }),
    );
    expect(withWidget.get("frame-src")).toEqual([turnstile]);
    // Its script loads through the nonce-bearing scripts ('strict-dynamic'); the
    // origin is there for browsers without it.
    expect(withWidget.get("script-src")).toEqual([
      "'self'",
      "'nonce-n'",
      "'strict-dynamic'",
      turnstile,
    ]);
  });

  test("forbids framing, plugins and base-tag hijacking", () => {
    const policy = directives(contentSecurityPolicy({ scripts: { nonce: "n" }, https: false }));
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
  });

  test("upgrades insecure requests only when served over HTTPS", () => {
    expect(contentSecurityPolicy({ scripts: { nonce: "n" }, https: true })).toContain(
      "upgrade-insecure-requests",
    );
    expect(contentSecurityPolicy({ scripts: { nonce: "n" }, https: false })).not.toContain(
      "upgrade-insecure-requests",
    );
  });

  test("opens a socket for hot reload only in development", () => {
    const dev = directives(
      contentSecurityPolicy({ scripts: { nonce: "n" }, https: false, development: true }),
    );
    const prod = directives(contentSecurityPolicy({ scripts: { nonce: "n" }, https: false }));
    expect(dev.get("connect-src")).toContain("ws:");
    expect(prod.get("connect-src")).toEqual(["'self'"]);
  });
});

describe("applySecurityHeaders", () => {
  test("sets the baseline and HSTS only over HTTPS", () => {
    const plain = new Headers();
    applySecurityHeaders(plain, { https: false });
    expect(plain.get("X-Content-Type-Options")).toBe("nosniff");
    expect(plain.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(plain.get("Permissions-Policy")).toContain("camera=()");
    expect(plain.get("Strict-Transport-Security")).toBeNull();

    const secure = new Headers();
    applySecurityHeaders(secure, { https: true });
    expect(secure.get("Strict-Transport-Security")).toMatch(/^max-age=\d+/);
  });

  test("keeps a document's own policy and gives others a locked-down one", () => {
    const document = new Headers({ "Content-Security-Policy": "script-src 'nonce-x'" });
    applySecurityHeaders(document, { https: false });
    expect(document.get("Content-Security-Policy")).toBe("script-src 'nonce-x'");

    const other = new Headers();
    applySecurityHeaders(other, { https: false });
    expect(other.get("Content-Security-Policy")).toBe(fallbackContentSecurityPolicy);
  });
});
