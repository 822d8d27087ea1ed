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
import { renderWholePage } from "~/platform/whole-page.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // A HEAD answer has a GET's headers (policy included) and no body.
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const nonce = loadContext.get(nonceContext);

  // Sent whole, with its length (see renderWholePage).
  const html = await renderWholePage(
    <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
    { nonce, timeoutMs: streamTimeout + 1000 },
  );
  const deferred = deferHydration(html).html;
  responseHeaders.set("Content-Length", String(Buffer.byteLength(deferred)));
  return new Response(deferred, { headers: responseHeaders, status: responseStatusCode });
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
