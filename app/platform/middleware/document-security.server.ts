import { randomBytes } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { env } from "~/platform/env.server";
import { nonceContext } from "~/platform/context";
import { contentSecurityPolicy, isHttps } from "~/platform/security-headers";
import { TURNSTILE_ORIGIN } from "~/platform/turnstile";

/**
 * Gives each request a fresh nonce (entry.server puts it on every script it
 * renders) and sends documents the Content-Security-Policy that names it.
 */
export const documentSecurity: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const nonce = randomBytes(16).toString("base64");
  context.set(nonceContext, nonce);
  const response = await next();
  if (response.headers.get("Content-Type")?.startsWith("text/html")) {
    response.headers.set(
      "Content-Security-Policy",
      contentSecurityPolicy({
        nonce,
        https: isHttps(request),
        development: env.NODE_ENV === "development",
        turnstileOrigin: env.TURNSTILE_SITE_KEY ? TURNSTILE_ORIGIN : undefined,
      }),
    );
  }
  return response;
};
