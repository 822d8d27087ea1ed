import type { IncomingMessage, ServerResponse } from "node:http";
import {
  createRequest,
  sendResponse,
  type RequestListenerOptions,
} from "@remix-run/node-fetch-server";
import { cacheControl } from "~/platform/cache-control";
import type { TransportNeeds } from "~/platform/route-needs";
import { applySecurityHeaders, isHttps } from "~/platform/security-headers";

/** What the pages answer: reading, the forms' posts, and OPTIONS saying so. */
export const PAGE_METHODS = ["GET", "HEAD", "POST", "OPTIONS"] as const;

/** What a resource that is only read answers (images, files). */
export const READ_METHODS = ["GET", "HEAD", "OPTIONS"] as const;

/** The methods routes with these needs take: pages the forms' posts too, what is only read not. */
export function allowedMethods({ methods }: Required<Pick<TransportNeeds, "methods">>) {
  return methods === "read" ? READ_METHODS : PAGE_METHODS;
}

/** The methods a URL takes, known at once or once its build is loaded (development). */
export type MethodsAt = (url: URL) => readonly string[] | Promise<readonly string[]>;

/**
 * Methods a Fetch `Request` cannot carry: `new Request` throws for them, so
 * they never reach a fetch handler. Node refuses TRACK itself and hands
 * CONNECT to a handler of its own (the site has none), which leaves TRACE.
 */
const UNFETCHABLE_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

export function methodNotAllowed(allowed: readonly string[]): Response {
  return new Response("Method Not Allowed", {
    status: 405,
    headers: {
      Allow: allowed.join(", "),
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": cacheControl.noStore,
    },
  });
}

/**
 * The answer to a request whose method is not served as such: OPTIONS gets
 * 204 with `Allow` (and no other work done), a method not in `allowed` gets
 * 405 with `Allow`. Null for a method to handle.
 */
export function answerMethod(request: Request, allowed: readonly string[]): Response | null {
  if (request.method === "OPTIONS") {
    return new Response(null, {
      status: 204,
      headers: { Allow: allowed.join(", "), "Cache-Control": cacheControl.noStore },
    });
  }
  return allowed.includes(request.method) ? null : methodNotAllowed(allowed);
}

/**
 * Answers, on the Node request itself, a method no Fetch `Request` can carry
 * (TRACE): 405 with `Allow` for the URL and the security headers, as the
 * fetch handler would have answered. True when it answered; the request is
 * then the caller's no longer.
 */
export function answerUnfetchableMethod(
  req: IncomingMessage,
  res: ServerResponse,
  { allowedMethods, ...options }: RequestListenerOptions & { allowedMethods: MethodsAt },
): boolean {
  if (!UNFETCHABLE_METHODS.has(req.method ?? "GET")) return false;
  // The same URL (scheme and host, through a trusted proxy too) the fetch
  // handler would see, read from a GET stand-in that shares the request's headers.
  const standIn = Object.create(req, { method: { value: "GET" } }) as IncomingMessage;
  let url: URL;
  let https: boolean;
  try {
    const request = createRequest(standIn, res, options);
    url = new URL(request.url);
    https = isHttps(request);
  } catch {
    url = new URL("http://localhost/");
    https = false;
  }
  void (async () => {
    const response = methodNotAllowed(await allowedMethods(url));
    applySecurityHeaders(response.headers, { https });
    await sendResponse(res, response);
  })().catch(() => res.destroy());
  return true;
}
