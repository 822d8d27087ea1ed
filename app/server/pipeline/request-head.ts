import type { IncomingMessage, ServerResponse } from "node:http";
import {
  createRequest,
  sendResponse,
  type RequestListenerOptions,
} from "@remix-run/node-fetch-server";
import { cacheControl } from "~/platform/cache-control";
import { applySecurityHeaders, isHttps } from "~/platform/security-headers";

/**
 * A host as a request may name the site: a name of letters, digits, dots,
 * hyphens, underscores and tildes, or an IP literal in brackets, with an
 * optional port. No spaces, credentials, paths, queries or percent-escapes:
 * the listener builds the request's URL as `http://<host><target>`, so a
 * Host of `a/b` would otherwise move the path, and one the URL parser
 * refuses would fail the request outside the app.
 */
const HOST = /^(?:[A-Za-z0-9._~-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{0,5})?$/;

/** Whether `host` names a host (and port) the site can be reached at. */
export function isValidHost(host: string): boolean {
  if (!HOST.test(host)) return false;
  // The URL parser has the last word on IP addresses (256.1.1.1, [zz::1]),
  // international names and ports (at most 65535).
  const url = URL.parse(`http://${host}/`);
  return url !== null && url.pathname === "/";
}

/** The first value of a comma-separated header, unquoted, as the listener reads it. */
function firstValue(value: string): string {
  const first = value.split(",", 1)[0]?.trim() ?? "";
  return first.startsWith('"') && first.endsWith('"') && first.length > 1
    ? first.slice(1, -1)
    : first;
}

/** The hosts a trusted proxy forwards (`Forwarded: host=`, `X-Forwarded-Host`), where sent. */
function forwardedHosts(req: IncomingMessage): string[] {
  const hosts: string[] = [];
  const forwarded = req.headers.forwarded;
  if (forwarded) {
    for (const match of forwarded.matchAll(/(?:^|[;,\s])host=("(?:[^"\\]|\\.)*"|[^;,\s]*)/gi)) {
      hosts.push(firstValue(match[1] ?? ""));
    }
  }
  const xForwardedHost = req.headers["x-forwarded-host"];
  for (const value of Array.isArray(xForwardedHost) ? xForwardedHost : [xForwardedHost]) {
    if (value !== undefined) hosts.push(firstValue(value));
  }
  // The listener ignores an empty forwarded host and reads Host instead.
  return hosts.filter((host) => host !== "");
}

/**
 * A request target in absolute form (`GET http://host/path`), which an
 * origin server must accept, turned into the origin form the listener
 * expects, its authority standing in for Host as HTTP/1.1 requires. Other
 * targets are left alone.
 */
function toOriginForm(req: IncomingMessage): void {
  const target = req.url ?? "";
  if (!/^https?:\/\//i.test(target)) return;
  const url = URL.parse(target);
  if (!url || url.username || url.password || !url.host) return;
  req.url = `${url.pathname}${url.search}`;
  req.headers.host = url.host;
}

/**
 * Why the request's head cannot make a URL for the site (a plain sentence
 * for the visitor), or null when it can: the target must be a path (or a
 * whole http URL); there must be one Host header (an HTTP/1.0 request may
 * leave it out) naming a host, and with `trustProxy` so must the forwarded
 * host. A request in absolute form is turned into one with a path and a Host.
 */
export function requestHeadProblem(
  req: IncomingMessage,
  { trustProxy = false }: { trustProxy?: boolean } = {},
): string | null {
  toOriginForm(req);
  if (!req.url?.startsWith("/")) {
    return "The request's target must be a path on this site, such as /menu.";
  }
  const hostLines = req.rawHeaders.filter(
    (name, index) => index % 2 === 0 && name.toLowerCase() === "host",
  );
  if (hostLines.length > 1) return "The request has more than one Host header.";
  const host = req.headers.host;
  if (host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor >= 1) {
    return "An HTTP/1.1 request must name the host it is for in a Host header.";
  }
  if (host !== undefined && !isValidHost(host)) {
    return "The request's Host header does not name a host, such as example.com or example.com:8080.";
  }
  if (trustProxy && !forwardedHosts(req).every(isValidHost)) {
    return "The host the proxy forwarded (Forwarded or X-Forwarded-Host) does not name a host.";
  }
  return null;
}

/** Whether the request came over HTTPS, as the listener would tell (through a trusted proxy too). */
function cameOverHttps(req: IncomingMessage, res: ServerResponse, options: RequestListenerOptions) {
  // A GET stand-in for "/" on a fixed host, sharing the request's headers and socket.
  const standIn = Object.create(req, {
    method: { value: "GET" },
    url: { value: "/" },
  }) as IncomingMessage;
  try {
    return isHttps(createRequest(standIn, res, { ...options, host: "localhost" }));
  } catch {
    return false;
  }
}

/**
 * For the Node listener, before it makes a Fetch request: answers a request
 * whose head cannot make a URL for the site (see `requestHeadProblem`) with
 * 400, the reason in plain words and the security headers. Returns the
 * reason when it answered (the request is then the caller's no longer), else
 * null.
 */
export function answerBadRequestHead(
  req: IncomingMessage,
  res: ServerResponse,
  options: RequestListenerOptions = {},
): string | null {
  const problem = requestHeadProblem(req, options);
  if (problem === null) return null;
  const response = new Response(problem, {
    status: 400,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(problem)),
      "Cache-Control": cacheControl.noStore,
      Connection: "close",
    },
  });
  applySecurityHeaders(response.headers, { https: cameOverHttps(req, res, options) });
  void sendResponse(res, response).catch(() => res.destroy());
  return problem;
}
