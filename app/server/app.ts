import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { ClientAddress, RequestListenerOptions } from "@remix-run/node-fetch-server";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { Database } from "~/platform/database/database.server";
import { clientAddressContext, databaseContext, pageRenderContext } from "~/platform/context";
import { sharedDatabase } from "~/platform/database/connection.server";
import { PageCache, type PageRenderResult } from "~/platform/http/page-cache";
import { PageRender } from "~/platform/page-render";
import { torontoMidnightAfter } from "~/hours/opening-hours";
import { renderedRevision } from "~/site/site-content.server";
import { pageVariant } from "~/site/visitor-cookies.server";
import { applySecurityHeaders, isHttps } from "~/platform/security-headers";
import { clientAddress } from "~/platform/http/client-address";
import { compressResponse } from "~/platform/http/compression";
import { crossSiteRefusal, isCrossSitePost } from "~/platform/http/cross-site";
import {
  PAGE_METHODS,
  READ_METHODS,
  answerMethod,
  answerUnfetchableMethod,
} from "~/platform/http/methods";
import { unreadableFormRefusal } from "~/platform/http/form-body";
import { readBoundedBody } from "~/platform/http/request-body";
import { answerBadRequestHead } from "~/platform/http/request-head";
import { log } from "~/platform/logger.server";
import { cacheControl } from "~/platform/cache-control";
import { StaticFiles } from "~/platform/http/static-files";
import { bodyLimitFor } from "./body-limits";
import { serverImageStore, serverRequestContext } from "./request-context";
import { READS_ANY_POST, actionRoutes } from "./form-posts";

export type AppHandler = (request: Request, client: ClientAddress) => Promise<Response>;

export type AppOptions = {
  build: ServerBuild;
  mode: string;
  /** Where loaders read content; the shared database (DATABASE_URL or DATA_DIR) by default. */
  database?: () => Promise<Database>;
  /** The build's client directory (hashed assets and the copies of public/). */
  clientDirectory: string;
  /** The largest body read for a request to a URL; `bodyLimitFor` (uploads only get more) by default. */
  bodyLimit?: (url: URL) => number;
  /** A header the proxy in front sets to the client's address (CLIENT_IP_HEADER). */
  clientIpHeader?: string;
  /** Where pages the same for every visitor are kept; a new one (32 MB at most) by default. */
  pageCache?: PageCache;
};

/** The methods a URL answers: images are only read; pages take the forms' posts too. */
export function allowedMethods(url: URL): readonly string[] {
  return url.pathname.startsWith("/img/") ? READ_METHODS : PAGE_METHODS;
}

/**
 * For the Node listener, before it makes a Fetch request: answers a request
 * whose target or Host cannot make the site's URL with 400 (before anything
 * reads them), then TRACE, which no Fetch request can carry, with the 405
 * this handler gives any method a URL does not take. True when it answered.
 */
export function answerBeforeFetch(
  req: IncomingMessage,
  res: ServerResponse,
  options: RequestListenerOptions = {},
): boolean {
  const problem = answerBadRequestHead(req, res, options);
  if (problem !== null) {
    log.info(`${req.method ?? "GET"} refused before the app 400: ${problem}`, {
      target: req.url?.slice(0, 200),
      host: req.headers.host?.slice(0, 200),
    });
    return true;
  }
  return answerUnfetchableMethod(req, res, { ...options, allowedMethods });
}

/**
 * The answer when the listener fails outside the fetch handler, which is the
 * server's own fault (bad input is answered before): 500, plain, with the
 * security headers.
 */
export function failedOutsideTheApp(): Response {
  const response = new Response("Internal Server Error", {
    status: 500,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": cacheControl.noStore },
  });
  applySecurityHeaders(response.headers, { https: false });
  return response;
}

/** Response headers are read-only on some responses (fetch results); copy those. */
function editable(response: Response): Response {
  try {
    response.headers.set("X-Content-Type-Options", "nosniff");
    return response;
  } catch {
    return new Response(response.body, response);
  }
}

/**
 * The whole site as one fetch handler: OPTIONS and methods a URL does not
 * take answered at once (204 or 405, with `Allow`), the build's static files
 * (with their precompressed copies), everything else through React Router,
 * compressed when the client accepts it; every response with the security
 * headers.
 *
 * Pages the same for every visitor (the render says so) are rendered once per
 * URL, theme and content revision and kept, compressed once per encoding, until
 * staff change the content, the Toronto date turns over, or something the page
 * shows (the open-now line, the next events) changes. The form pages are kept
 * too, with holes where each response gets its own token and nonce, and
 * compressed once around them.
 */
export async function createAppHandler({
  build,
  mode,
  clientDirectory,
  bodyLimit = bodyLimitFor,
  clientIpHeader,
  database,
  pageCache = new PageCache(),
}: AppOptions): Promise<AppHandler> {
  const staticFiles = await StaticFiles.load(clientDirectory);
  const handleRequest = createRequestHandler(build, mode);
  const actionAt = actionRoutes(build);
  // Vite copies public/images into the client build; images are read from that copy.
  const imageStore = {
    ...serverImageStore,
    sourceDirectory: path.join(clientDirectory, "images"),
  };

  async function render(
    request: Request,
    client: ClientAddress,
    { withHoles = false } = {},
  ): Promise<PageRenderResult> {
    const context = serverRequestContext(imageStore);
    context.set(clientAddressContext, clientAddress(request, client.address, clientIpHeader));
    if (database) context.set(databaseContext, database);
    const note = new PageRender({ withHoles });
    note.changesAt(torontoMidnightAfter(new Date()));
    context.set(pageRenderContext, note);
    const response = editable(await handleRequest(request, context));
    return {
      response,
      sameForEveryone: note.sameForEveryone,
      until: note.until,
      holes: note.holes,
    };
  }

  /** The cache's key and content revision for a request it may answer, else null. */
  async function cacheSlot(request: Request) {
    if (request.method !== "GET" && request.method !== "HEAD") return null;
    const variant = await pageVariant(request);
    if (variant === null) return null;
    const revision = await renderedRevision(database ?? sharedDatabase);
    return revision === undefined ? null : { key: `${request.url} ${variant}`, revision };
  }

  async function handleApp(request: Request, client: ClientAddress): Promise<Response> {
    // Before React Router, whose own check of page actions answers 400 and logs an error.
    if (isCrossSitePost(request)) return crossSiteRefusal();
    const url = new URL(request.url);
    const bounded = await readBoundedBody(request, bodyLimit(url));
    if (bounded instanceof Response) return bounded;
    // Actions read forms; any other body is the client's mistake, not a 500.
    const action = request.method === "POST" ? actionAt(url) : null;
    const unreadable =
      action && !READS_ANY_POST.has(action) ? await unreadableFormRefusal(bounded) : null;
    if (unreadable) {
      log.debug("Request refused", {
        method: request.method,
        url: request.url,
        status: unreadable.status,
        contentType: request.headers.get("Content-Type")?.slice(0, 200) ?? null,
      });
      return unreadable;
    }
    const slot = await cacheSlot(bounded);
    const response = slot
      ? await pageCache.serve(bounded, slot.key, slot.revision, () =>
          render(bounded, client, { withHoles: true }),
        )
      : (await render(bounded, client)).response;
    return compressResponse(request, response);
  }

  return async (request, client) => {
    // OPTIONS and methods a URL does not take are answered before any other work.
    // Static files come precompressed; everything else is compressed as it streams.
    const response =
      answerMethod(request, allowedMethods(new URL(request.url))) ??
      staticFiles.serve(request) ??
      (await handleApp(request, client));
    applySecurityHeaders(response.headers, { https: isHttps(request) });
    return response;
  };
}
