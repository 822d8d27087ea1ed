import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { ClientAddress, RequestListenerOptions } from "@remix-run/node-fetch-server";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { Database } from "~/platform/database/database.server";
import {
  clientAddressContext,
  databaseContext,
  nonceContext,
  pageNotesContext,
  refusedRequestContext,
} from "~/platform/context";
import { sharedDatabase } from "~/platform/database/connection.server";
import { PageCache, type PageRenderResult } from "./page-cache";
import { PageRender } from "./page-render";
import { torontoMidnightAfter } from "~/platform/clock/toronto-time";
import { renderedRevision } from "~/site/site-content.server";
import { env } from "~/platform/env.server";
import { serverAuthBackend } from "~/platform/auth-backend.server";
import { carriesLiveSession } from "~/staff/accounts/session.server";
import { pageVariant, visitorCookies } from "~/site/visitor-cookies.server";
import { applySecurityHeaders, isHttps } from "~/platform/security-headers";
import { clientAddress } from "./client-address";
import { compressResponse } from "./compression";
import { crossSiteRefusal, isCrossSitePost } from "./cross-site";
import {
  READ_METHODS,
  allowedMethods,
  answerMethod,
  answerUnfetchableMethod,
  type MethodsAt,
} from "./methods";
import { unreadableFormRefusal } from "./form-body";
import { MAX_BODY_BYTES, readBoundedBody } from "./request-body";
import { answerBadRequestHead } from "./request-head";
import { log } from "~/platform/logger.server";
import { cacheControl } from "~/platform/cache-control";
import { StaticFiles } from "./static-files";
import { LargeBodies, bodyLimitFor, picturesNeedSignIn, tooManyLargeBodies } from "./body-limits";
import { actionRoutes, postsToPagesWithoutAction } from "./form-posts";
import { isDataRequest, routeNeeds, type RouteNeeds } from "./route-needs";
import { pageAddress, requestFor } from "./page-query";
import { serverImageStore, serverRequestContext } from "./request-context";
import { scriptNonce, secureDocument } from "./document-security";
import { applySharing, decideSharing, type SharingRules } from "./sharing";

export type AppHandler = {
  (request: Request, client: ClientAddress): Promise<Response>;
  /**
   * The methods a URL takes, as its routes declare: for the listener's
   * answer to TRACE, made before there is a Fetch request to hand over.
   */
  readonly allowedMethods: MethodsAt;
};

export type AppOptions = {
  build: ServerBuild;
  mode: string;
  /** Where loaders read content; the shared database (DATABASE_URL or DATA_DIR) by default. */
  database?: () => Promise<Database>;
  /** The build's client directory (hashed assets and the copies of public/). */
  clientDirectory: string;
  /** A header the proxy in front sets to the client's address (CLIENT_IP_HEADER). */
  clientIpHeader?: string;
  /** Where pages the same for every visitor are kept; a new one (32 MB at most) by default. */
  pageCache?: PageCache;
  /** Which cookies pages are rendered for, and whether links follow the Host; the site's by default. */
  sharingRules?: SharingRules;
  /**
   * Whether a body larger than a form's may be read for this request: by
   * default, when it carries a live staff session.
   */
  mayPostLargeBody?: (request: Request) => Promise<boolean>;
  /** How many large bodies are read at once (LARGE_BODIES_AT_ONCE by default). */
  largeBodies?: LargeBodies;
};

/**
 * A client-router data request for a stream (`.data`): no page makes one,
 * and React Router would wait to read the endless stream whole. Answered
 * 404 before it gets there.
 */
function streamDataNotFound(needs: RouteNeeds): Response {
  const at = needs.routePath ?? "this address";
  return new Response(`Not Found: ${at} is read by the page's own script, not as page data.`, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": cacheControl.noStore },
  });
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
  { allowedMethods, ...options }: RequestListenerOptions & Pick<AppHandler, "allowedMethods">,
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
 * The site's request pipeline: one function from a request to its response,
 * whose steps read top to bottom in `handle` below. What it does for a URL
 * depends on what its routes ask (`routeNeeds`: methods, body, stream,
 * cache), read from the build once; it knows no route by id or path.
 *
 *  1. Methods: OPTIONS and methods a URL does not take are answered at once
 *     (204 or 405, with `Allow`). (A request whose target or Host cannot
 *     make a URL, and TRACE, were answered before: `answerBeforeFetch`.)
 *  2. Static files: the build's hashed assets and copies of public/, with
 *     their precompressed copies.
 *  3. Cross-site posts are refused (403), before React Router, whose own
 *     check of page actions answers 400 and logs an error; except where
 *     the routes take them (`crossSitePosts`).
 *  4. Body limits: a body larger than its routes take is refused (413)
 *     while it is read; a post to an action that reads forms must be a form
 *     (415).
 *  5. The page cache: a GET a visitor without cookies of their own may
 *     share is answered from a copy kept for its page's address (its path
 *     and the query keys its routes read, bounded: `pageAddress`), theme and
 *     content revision, rendered (step 6) for that address when there is
 *     none; other query keys never reach the page. The form pages are kept
 *     too, with holes where each response gets its own token and nonce.
 *  6. Render: React Router runs the route with the request's context, then
 *     the sharing decision (`decideSharing`: who may keep the response, a
 *     value) sets Cache-Control and tells the cache whether to keep it, and
 *     the document's Content-Security-Policy is set by it (`secureDocument`).
 *  7. Compression (brotli or gzip) as the client accepts; a kept page was
 *     compressed once, around its holes. A stream (`stream` in the routes'
 *     needs: the live channel) skips 5 and 7: it is neither kept nor
 *     compressed, and its data-request URLs get 404.
 *  8. Security headers on every response.
 *
 * Shutdown (finishing open requests, refusing new ones with 503) wraps the
 * handler in the listener: `./shutdown`.
 */
export async function createAppHandler({
  build,
  mode,
  clientDirectory,
  clientIpHeader,
  database,
  pageCache = new PageCache(),
  sharingRules = { ...visitorCookies, linksFollowHost: !env.SITE_URL },
  mayPostLargeBody = async (request) =>
    carriesLiveSession(request, await serverAuthBackend(), database ?? sharedDatabase),
  largeBodies = new LargeBodies(),
}: AppOptions): Promise<AppHandler> {
  const staticFiles = await StaticFiles.load(clientDirectory);
  const handleRequest = createRequestHandler(build, mode);
  const needsAt = routeNeeds(build);
  const actionAt = actionRoutes(build);
  const refusedPost = postsToPagesWithoutAction(build);
  // Vite copies public/images into the client build; images are read from that copy.
  const imageStore = {
    ...serverImageStore,
    sourceDirectory: path.join(clientDirectory, "images"),
  };

  async function handle(request: Request, client: ClientAddress): Promise<Response> {
    const url = new URL(request.url);
    const needs = needsAt(url);
    // 1, 2: methods and static files, before any other work.
    const early = answerMethod(request, allowedMethods(needs)) ?? staticFiles.serve(request);
    if (early) return secured(request, early);

    // 3: cross-site posts.
    if (!needs.crossSitePosts && isCrossSitePost(request)) {
      return secured(request, crossSiteRefusal());
    }

    // 4: body limits, and forms where forms are read.
    const bounded = await readBody(request, needs);
    if (bounded instanceof Response) return secured(request, bounded);
    const unreadable = await refuseUnreadableForm(bounded, url, needs);
    if (unreadable) return secured(request, unreadable);

    // A stream as it is, so each event leaves at once and no render waits on
    // it. (One reaching the page cache otherwise is passed through unread as
    // well: `isCompressible`.)
    if (needs.stream) {
      if (isDataRequest(url)) return secured(request, streamDataNotFound(needs));
      return secured(request, (await render(bounded, client)).response);
    }

    // A post to a page that takes none: the page's 405 view, in the site's frame.
    if (refusedPost(bounded, url)) {
      const { response } = await render(asGet(bounded), client, { refusedStatus: 405 });
      response.headers.set("Allow", READ_METHODS.join(", "));
      return secured(request, await compressResponse(request, response));
    }

    // 5, 6: the page cache, or a render of its own. A page is rendered for
    // its own address: the query keys its routes read, bounded, and no other.
    const address = isRead(bounded) && !needs.neverCached ? pageAddress(url, needs) : null;
    const asked = address ? requestFor(bounded, address.url) : bounded;
    const slot = address?.keepable ? await cacheSlot(asked) : null;
    const response = slot
      ? await pageCache.serve(asked, slot.key, slot.revision, () =>
          render(asked, client, { withHoles: true }),
        )
      : (await render(asked, client)).response;

    // 7, 8: compression, security headers.
    return secured(request, await compressResponse(request, response));
  }

  return Object.assign(handle, {
    allowedMethods: (url: URL) => allowedMethods(needsAt(url)),
  });

  /**
   * The request with its body read, within the limit its routes take. A body
   * larger than a form's (a picture) is read only for someone signed in, and
   * only so many at once: anyone else's is refused once it passes a form's
   * size, before the staff area's own check could run.
   */
  async function readBody(request: Request, needs: RouteNeeds): Promise<Request | Response> {
    const limit = bodyLimitFor(needs.body);
    if (limit <= MAX_BODY_BYTES || !request.body) return readBoundedBody(request, limit);
    if (!(await mayPostLargeBody(request))) {
      const small = await readBoundedBody(request, MAX_BODY_BYTES);
      return small instanceof Response && small.status === 413 ? picturesNeedSignIn() : small;
    }
    if (!largeBodies.enter()) return tooManyLargeBodies();
    try {
      return await readBoundedBody(request, limit);
    } finally {
      largeBodies.leave();
    }
  }

  /**
   * An action that reads forms answers any other body with 415 or 400, not
   * a 500; one that reads any post (`body: "any"`) answers it itself.
   */
  async function refuseUnreadableForm(
    request: Request,
    url: URL,
    needs: RouteNeeds,
  ): Promise<Response | null> {
    if (request.method !== "POST" || needs.body === "any" || !actionAt(url)) return null;
    const unreadable = await unreadableFormRefusal(request);
    if (unreadable) {
      log.debug("Request refused", {
        method: request.method,
        url: request.url,
        status: unreadable.status,
        contentType: request.headers.get("Content-Type")?.slice(0, 200) ?? null,
      });
    }
    return unreadable;
  }

  /** The cache's key and content revision for a GET or HEAD it may answer, else null. */
  async function cacheSlot(request: Request) {
    const variant = await pageVariant(request);
    if (variant === null) return null;
    const revision = await renderedRevision(database ?? sharedDatabase);
    return revision === undefined ? null : { key: `${request.url} ${variant}`, revision };
  }

  /**
   * Step 6: the route's response, with the sharing decision applied and the
   * document's script policy, and what the page cache needs to keep it.
   */
  async function render(
    request: Request,
    client: ClientAddress,
    { withHoles = false, refusedStatus }: { withHoles?: boolean; refusedStatus?: number } = {},
  ): Promise<PageRenderResult> {
    const notes = new PageRender({ withHoles });
    notes.changesAt(torontoMidnightAfter(new Date()));
    const nonce = scriptNonce(notes);
    const context = serverRequestContext(imageStore);
    context.set(clientAddressContext, clientAddress(request, client.address, clientIpHeader));
    if (database) context.set(databaseContext, database);
    context.set(pageNotesContext, notes);
    context.set(nonceContext, nonce);
    if (refusedStatus) context.set(refusedRequestContext, { status: refusedStatus });

    const routed = editable(await handleRequest(request, context));
    const perVisitorValuesOnly = notes.declaredPerVisitorValuesOnly;
    const sharing = decideSharing(request, routed, sharingRules, { perVisitorValuesOnly });
    applySharing(routed, sharing);
    const response = await secureDocument(request, routed, {
      nonce,
      sameForEveryone: sharing.sameForEveryone,
      perVisitorValuesOnly,
    });
    return {
      response,
      sameForEveryone: sharing.sameForEveryone,
      until: notes.until,
      holes: notes.holes,
      contentRevision: notes.oldestContent(),
    };
  }
}

/** Whether a request only reads: a GET or a HEAD. */
function isRead(request: Request): boolean {
  return request.method === "GET" || request.method === "HEAD";
}

/** The GET of a request's URL, with its headers (cookies: the theme) but not its body. */
function asGet(request: Request): Request {
  const headers = new Headers(request.headers);
  for (const name of ["Content-Type", "Content-Length", "Transfer-Encoding"]) headers.delete(name);
  return new Request(request.url, { method: "GET", headers, signal: request.signal });
}

/** `response` with the security headers every response carries. */
function secured(request: Request, response: Response): Response {
  applySecurityHeaders(response.headers, { https: isHttps(request) });
  return response;
}
