import { expect, test } from "./fixtures";

test.describe("security headers", () => {
  test.skip(({ isMobile }) => isMobile, "headers do not depend on width");

  test("a form page carries an enforced CSP whose nonce is on every script", async ({ page }) => {
    const response = await page.goto("/contact");
    const policy = response?.headers()["content-security-policy"] ?? "";
    const nonce = policy.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toMatch(/script-src [^;]*'strict-dynamic'/);
    expect(policy).not.toMatch(/script-src [^;]*'unsafe-inline'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response?.headers()["content-security-policy-report-only"]).toBeUndefined();

    const scriptNonces = await page
      // JSON-LD blocks are data, never run, and need no nonce.
      .locator('script:not([type="application/ld+json"])')
      .evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).nonce));
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(scriptNonces.every((value) => value === nonce)).toBe(true);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  });

  test("each form page response gets a new nonce", async ({ request }) => {
    const nonceOf = async () => {
      const policy = (await request.get("/contact")).headers()["content-security-policy"];
      return policy?.match(/'nonce-([^']+)'/)?.[1];
    };
    expect(await nonceOf()).not.toBe(await nonceOf());
  });

  test("a page served to everyone allows its own scripts by hash, and they run", async ({
    page,
  }) => {
    // A script the policy refused would log a violation, which fails any test.
    const response = await page.goto("/menu");
    const policy = response?.headers()["content-security-policy"] ?? "";
    expect(policy).not.toContain("'nonce-");
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')+ 'strict-dynamic'/);
    const nonces = await page
      .locator("script")
      .evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).nonce));
    expect(nonces.every((value) => value === "")).toBe(true);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    // Client-side navigation works under it too.
    await page.getByRole("link", { name: "About", exact: true }).first().click();
    await expect(page).toHaveURL(/\/about$/);
  });

  test("injected markup cannot run inline code", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/Content Security Policy|status of 404/);
    await page.goto("/");
    const violation = page.waitForEvent("console", (message) =>
      message.text().includes("Content Security Policy"),
    );
    // What an HTML injection would try: an inline event handler.
    await page.evaluate(() => {
      document.body.insertAdjacentHTML(
        "beforeend",
        '<img src="/no-such-image" onerror="document.title = \'injected\'">',
      );
    });
    await violation;
    await expect(page).not.toHaveTitle("injected");
  });

  for (const path of ["/", "/healthz", "/favicon.svg", "/no-such-page"]) {
    test(`${path} has the baseline headers`, async ({ request }) => {
      const response = await request.get(path);
      const headers = response.headers();
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"]).toContain("camera=()");
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      // Plain HTTP here; HSTS is only sent over HTTPS.
      expect(headers["strict-transport-security"]).toBeUndefined();
    });
  }

  // The test server runs as it does behind its proxy (TRUST_PROXY); that an
  // untrusted proxy's word is ignored is tests/server/process.test.ts's.
  test("a request the trusted proxy reports as HTTPS gets HSTS", async ({ request }) => {
    const response = await request.get("/", { headers: { "X-Forwarded-Proto": "https" } });
    expect(response.headers()["strict-transport-security"]).toMatch(/^max-age=\d+/);
  });

  test("cookies are HttpOnly, SameSite=Lax and Secure in production", async ({ request }) => {
    const response = await request.post("/theme", {
      form: { theme: "dark", redirectTo: "/" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    const cookies = response.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie");
    expect(cookies.length).toBe(2);
    for (const { value } of cookies) {
      expect(value).toMatch(/; HttpOnly/i);
      expect(value).toMatch(/; SameSite=Lax/i);
      expect(value).toMatch(/; Secure/i);
    }
  });

  test("a form post from another site is refused", async ({ request }) => {
    const response = await request.post("/theme", {
      form: { theme: "dark" },
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(response.headers()["set-cookie"]).toBeUndefined();
  });

  test("a body over 64 KB is refused with 413", async ({ request }) => {
    const response = await request.post("/theme", {
      form: { theme: "dark", padding: "x".repeat(70 * 1024) },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(413);
    expect(await response.text()).toMatch(/more than we can accept/);
  });
});

test.describe("document delivery", () => {
  test.skip(({ isMobile }) => isMobile, "delivery does not depend on width");

  test("crawlers and people alike get the whole document, with its length", async ({ request }) => {
    for (const userAgent of [
      "Googlebot/2.1 (+http://www.google.com/bot.html)",
      "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/156 Mobile Safari/537.36",
    ]) {
      for (const path of ["/", "/contact"]) {
        const response = await request.get(path, {
          headers: { "User-Agent": userAgent, "Accept-Encoding": "identity" },
        });
        const body = await response.body();
        expect(response.headers()["content-length"]).toBe(String(body.byteLength));
        expect(response.headers()["transfer-encoding"]).toBeUndefined();
        expect(body.toString()).toContain("</html>");
      }
    }
  });

  test("text is compressed for clients that accept it", async ({ request }) => {
    const response = await request.get("/", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(response.headers()["content-encoding"]).toBe("br");
    expect(response.headers()["vary"]).toMatch(/Accept-Encoding/);
  });

  test("hashed assets are immutable and served precompressed", async ({ page, request }) => {
    await page.goto("/");
    // Pages carry the stylesheet inline; its file, named by data-href, is still served.
    const stylesheet = await page.locator("style[data-href]").first().getAttribute("data-href");
    const response = await request.get(stylesheet!, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers()["content-encoding"]).toBe("gzip");
    expect(response.headers()["content-type"]).toBe("text/css; charset=utf-8");
    const again = await request.get(stylesheet!, {
      headers: { "If-None-Match": response.headers()["etag"]! },
    });
    expect(again.status()).toBe(304);
  });
});
