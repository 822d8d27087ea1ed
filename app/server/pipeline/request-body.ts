/** The largest body the site accepts: its forms send a few kilobytes at most. */
export const MAX_BODY_BYTES = 64 * 1024;

const BODYLESS = new Set(["GET", "HEAD", "OPTIONS"]);

/** "64 KB", "11 MB": the limit as the message names it. */
function size(bytes: number): string {
  const mb = 1024 * 1024;
  return bytes >= mb ? `${Math.round(bytes / mb)} MB` : `${Math.round(bytes / 1024)} KB`;
}

function tooLarge(maxBytes: number): Response {
  return new Response(
    `That was more than we can accept (${size(maxBytes)}). ${
      maxBytes > MAX_BODY_BYTES
        ? "Please choose a smaller file and try again."
        : "Please shorten what you sent and try again."
    }`,
    { status: 413, headers: { "Content-Type": "text/plain; charset=utf-8", Connection: "close" } },
  );
}

/**
 * The request with its body read into memory, or a 413 response when the body
 * is larger than `maxBytes`. Reading stops at the limit, so an oversized or
 * endless body costs at most `maxBytes` of memory.
 */
export async function readBoundedBody(
  request: Request,
  maxBytes: number = MAX_BODY_BYTES,
): Promise<Request | Response> {
  if (BODYLESS.has(request.method) || !request.body) return request;
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (declared > maxBytes) return tooLarge(maxBytes);

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel();
      return tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: Buffer.concat(chunks),
    signal: request.signal,
  });
}
