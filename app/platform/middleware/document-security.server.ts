import { randomBytes } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { env } from "~/platform/env.server";
import { nonceContext, pageRenderContext } from "~/platform/context";
import { PageRender } from "~/platform/page-render";
import { inlineScriptHashes } from "~/platform/script-hashes.server";
import { contentSecurityPolicy, isHttps, type CspOptions } from "~/platform/security-headers";
import { TURNSTILE_ORIGIN } from "~/platform/turnstile";

/**
 * Gives each request a fresh nonce (entry.server puts it on every script it
 * renders) and sends documents the Content-Security-Policy that names it.
 *
 * A document the same for every visitor is served to many, where a nonce
 * would be one secret shared by all: its nonce is taken out again and the
 * policy lists the hash of each inline script instead, so it allows exactly
 * the scripts this document holds. That means reading the whole document
 * first; the page cache keeps it whole anyway. (A page kept with holes, such
 * as a form, has its nonce made afresh for each response instead.)
 */
export const documentSecurity: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  let render = context.get(pageRenderContext);
  if (!render) {
    render = new PageRender();
    context.set(pageRenderContext, render);
  }
  const nonce = render.freshEachTime(() => randomBytes(16).toString("base64"));
  context.set(nonceContext, nonce);
  const response = await next();
  if (!response.headers.get("Content-Type")?.startsWith("text/html")) return response;

  const policy = (scripts: CspOptions["scripts"]) =>
    contentSecurityPolicy({
      scripts,
      https: isHttps(request),
      development: env.NODE_ENV === "development",
      turnstileOrigin: env.TURNSTILE_SITE_KEY ? TURNSTILE_ORIGIN : undefined,
    });
  // A page kept with holes (a form) keeps its nonce, filled in afresh for each
  // response; so does every page under the development server, whose
  // hot-reload scripts are loaded from the page and could not be hashed.
  if (
    !render.sameForEveryone ||
    render.declaredPerVisitorValuesOnly ||
    !response.body ||
    env.NODE_ENV === "development"
  ) {
    response.headers.set("Content-Security-Policy", policy({ nonce }));
    return response;
  }
  const html = (await response.text()).replaceAll(` nonce="${nonce}"`, "");
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", policy({ hashes: inlineScriptHashes(html) }));
  headers.set("Content-Length", String(Buffer.byteLength(html)));
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
};
