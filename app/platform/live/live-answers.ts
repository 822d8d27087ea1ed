import { cacheControl, ifNoneMatch } from "../cache-control";

/**
 * The answer to `GET /live/revision`: the revision as JSON, `ETag` its
 * value, `no-cache` (a browser may keep it, and asks again each time), and
 * 304 when the request's `If-None-Match` names it. 503 with `Retry-After`
 * when the revision cannot be read.
 */
export function revisionAnswer(request: Request, revision: string | undefined): Response {
  if (revision === undefined) {
    return Response.json(
      { error: "The content revision cannot be read just now." },
      { status: 503, headers: { "Cache-Control": cacheControl.noStore, "Retry-After": "5" } },
    );
  }
  const etag = `"${revision}"`;
  const headers = { ETag: etag, "Cache-Control": "no-cache" };
  if (ifNoneMatch(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  return Response.json({ revision }, { headers });
}

/** Where no live streams are kept (a render without the server's context). */
export function liveUnavailable(): Response {
  return Response.json(
    { error: "Live updates are not available here." },
    { status: 503, headers: { "Cache-Control": cacheControl.noStore, "Retry-After": "60" } },
  );
}
