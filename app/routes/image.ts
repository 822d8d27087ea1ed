import { readFile } from "node:fs/promises";
import type { Route } from "./+types/image";
import { cacheControl, ifNoneMatch } from "~/platform/cache-control";
import {
  RenderBudgetSpentError,
  RenderQueueFullError,
  findImage,
  renderedImage,
  variantKey,
} from "~/images/image-store.server";
import {
  ImageRequestError,
  NearestImageVariant,
  parseImagePath,
  parseImageQuery,
} from "~/images/images";
import { clientAddressContext, imageStoreContext } from "~/platform/context";
import { rateLimitAddress } from "~/platform/rate-limit.server";
import { READ_METHODS, answerMethod } from "~/server/pipeline/methods";
import { log } from "~/platform/logger.server";
import type { RouteHandle } from "~/platform/route-needs";

/**
 * Images are only read. They read their own query (size, format, version)
 * and keep their own variants, so the page cache, which keeps no picture,
 * leaves them as they come.
 */
export const handle = { transport: { methods: "read", neverCached: true } } satisfies RouteHandle;

/** For an unversioned or outdated URL: the current image, checked again after a few minutes. */
const UNVERSIONED = "public, max-age=300, stale-while-revalidate=86400";

function plain(status: number, reason: string, headers: HeadersInit = {}): Response {
  return new Response(reason, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": cacheControl.noStore,
      "X-Content-Type-Options": "nosniff",
      ...headers,
    },
  });
}

async function serve({ request, params, context }: Route.LoaderArgs): Promise<Response> {
  const store = context.get(imageStoreContext);
  const imagePath = parseImagePath(params["*"]);
  const { variant, version } = parseImageQuery(new URL(request.url).searchParams);
  const source = await findImage(context, imagePath);
  if (!source) return plain(404, "Image not found");

  // The key is known before rendering, so a revalidation never waits for sharp.
  const etag = `"${variantKey(source, variant)}"`;
  const headers = new Headers({
    "Cache-Control": version === source.version ? cacheControl.immutable : UNVERSIONED,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  });
  if (ifNoneMatch(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  const client = rateLimitAddress(context.get(clientAddressContext));
  const image = await renderedImage(store, source, variant, client);
  headers.set("Content-Type", image.contentType);
  headers.set("Content-Length", String(image.size));
  const body = request.method === "HEAD" ? null : await readFile(image.filePath);
  return new Response(body, { headers });
}

/**
 * Resized and re-encoded copies of the site's own images and of the pictures
 * staff upload, for GET and HEAD (OPTIONS gets 204 with `Allow`), in the
 * variants the site's pages ask for. A width or height no page asks for is
 * sent on to the nearest one served (302); other bad requests get a 400 with
 * the reason in plain text. A client address past its share of rendering
 * gets 429, a full render lane 503, both with Retry-After; a source sharp
 * cannot handle is the server's fault and gets a 500 without details.
 */
export async function loader(args: Route.LoaderArgs): Promise<Response> {
  // The router runs loaders for OPTIONS too: say what is allowed, render nothing.
  const refused = answerMethod(args.request, READ_METHODS);
  if (refused) return refused;
  try {
    return await serve(args);
  } catch (error) {
    if (error instanceof ImageRequestError) return plain(400, error.message);
    if (error instanceof NearestImageVariant) {
      const path = parseImagePath(args.params["*"]);
      return new Response(null, {
        status: 302,
        headers: { Location: `/img/${path}?${error.query}`, "Cache-Control": UNVERSIONED },
      });
    }
    if (error instanceof RenderBudgetSpentError) {
      return plain(429, "Too many pictures drawn for this address; try again shortly", {
        "Retry-After": String(error.retryAfterSeconds),
      });
    }
    if (error instanceof RenderQueueFullError) {
      return plain(503, "Too many images are being processed; try again shortly", {
        "Retry-After": "5",
      });
    }
    log.error("Image could not be processed", { path: args.params["*"], error });
    return plain(500, "Image could not be processed");
  }
}
