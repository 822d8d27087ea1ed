import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { PageRender } from "./page-render";
import { scriptNonce, secureDocument } from "./document-security";

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64");

const html = ({ body = "<!DOCTYPE html>", ...init }: ResponseInit & { body?: string } = {}) =>
  new Response(body, {
    ...init,
    headers: { "Content-Type": "text/html; charset=utf-8", ...init.headers },
  });

const home = () => new Request("http://localhost/");

describe("the document's script policy", () => {
  test("gives each request its own nonce and names it in the document's policy", async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const nonce = scriptNonce(new PageRender());
      nonces.push(nonce);
      const response = await secureDocument(home(), html(), {
        nonce,
        sameForEveryone: false,
        perVisitorValuesOnly: false,
      });
      const policy = response.headers.get("Content-Security-Policy");
      expect(policy).toContain(`'nonce-${nonces[i]}'`);
    }
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  test("allows a page shared by everyone its own scripts by hash, and takes the nonce out", async () => {
    const nonce = scriptNonce(new PageRender());
    const response = await secureDocument(
      home(),
      html({
        body: `<!DOCTYPE html><script nonce="${nonce}">one()</script><script nonce="${nonce}" type="module">import "/a.js";</script>`,
      }),
      { nonce, sameForEveryone: true, perVisitorValuesOnly: false },
    );
    const body = await response.text();
    expect(body).toBe(
      '<!DOCTYPE html><script>one()</script><script type="module">import "/a.js";</script>',
    );
    expect(response.headers.get("Content-Length")).toBe(String(body.length));
    const scriptSources = response.headers
      .get("Content-Security-Policy")!
      .split(";")
      .find((directive) => directive.trim().startsWith("script-src"));
    expect(scriptSources?.trim().split(/\s+/)).toEqual([
      "script-src",
      "'self'",
      `'sha256-${sha256("one()")}'`,
      `'sha256-${sha256('import "/a.js";')}'`,
      "'strict-dynamic'",
    ]);
  });

  test("gives a form kept with holes a nonce mark, filled in for each response", async () => {
    const render = new PageRender({ withHoles: true });
    const nonce = scriptNonce(render);
    render.declarePerVisitorValuesOnly();
    const response = await secureDocument(
      new Request("http://localhost/contact"),
      html({ body: `<script nonce="${nonce}">one()</script>` }),
      { nonce, sameForEveryone: true, perVisitorValuesOnly: render.declaredPerVisitorValuesOnly },
    );
    const [hole] = render.holes;
    expect(nonce).toBe(hole?.mark);
    expect(await response.text()).toBe(`<script nonce="${hole?.mark}">one()</script>`);
    expect(response.headers.get("Content-Security-Policy")).toContain(`'nonce-${hole?.mark}'`);
    expect(hole?.fill()).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  test("leaves non-document responses to the server's fallback policy", async () => {
    const response = await secureDocument(
      new Request("http://localhost/healthz"),
      Response.json({ status: "ok" }),
      { nonce: scriptNonce(new PageRender()), sameForEveryone: true, perVisitorValuesOnly: false },
    );
    expect(response.headers.has("Content-Security-Policy")).toBe(false);
  });
});
