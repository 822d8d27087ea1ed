import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, readableStreamToString } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import {
  ServerRouter,
  isRouteErrorResponse,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { log } from "~/platform/logger.server";
import { nonceContext } from "~/platform/context";
import { deferHydration } from "~/platform/deferred-hydration";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> | Response {
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // A HEAD answer has a GET's headers (policy included) and no body.
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const nonce = loadContext.get(nonceContext);

  // Every page is sent whole, with its length. Its data comes from the content
  // cache, so the render takes a few milliseconds and nothing waits on a
  // slow read; streaming would gain little, and a whole page is compressed
  // in one pass (far cheaper than flushing a compressor for every chunk) and
  // can be kept by the page cache.
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // Every part of the page in place, none sent apart to be moved in by
        // a script: the page reads whole without JavaScript, and its parts
        // (Suspense boundaries, app/platform/hydrate-apart.tsx) wake apart.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout);
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          pipe(body);
          readableStreamToString(stream).then((rendered) => {
            const { html } = deferHydration(rendered);
            responseHeaders.set("Content-Length", String(Buffer.byteLength(html)));
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
          }, reject);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is ready reject and are logged by handleError.
          if (shellRendered) log.error("Error while rendering a page", { url: request.url, error });
        },
      },
    );
    // Abort a render that never finishes, leaving time to flush what failed.
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // A visitor who navigated away is not an error.
  if (request.signal.aborted) return;
  // Neither is a bad request (a post to a page without a form, say): the
  // visitor gets its error page, the logs stay for what needs fixing.
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.debug("Request refused", {
      method: request.method,
      url: request.url,
      status: error.status,
    });
    return;
  }
  log.error("Unhandled error", { method: request.method, url: request.url, error });
};
