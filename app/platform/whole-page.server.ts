import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, readableStreamToString } from "@react-router/node";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";

/**
 * Renders a page whole, its parts in place, and answers once it is complete.
 *
 * Every page is sent whole, with its length: its data comes from the content
 * cache, so the render takes a few milliseconds and nothing waits on a slow
 * read, and a whole page is compressed in one pass and can be kept by the
 * page cache. React would send a part (a Suspense boundary,
 * app/platform/hydrate-apart.tsx) apart, hidden, with a script to move it in,
 * once 12.8 KB of the page precede it: `progressiveChunkSize` is infinite, so
 * the page reads whole without JavaScript.
 *
 * An error anywhere, inside a part too, rejects: React would otherwise send
 * the part empty for the browser to render, and the caller (React Router)
 * renders the route's error view on the server instead.
 */
export function renderWholePage(
  element: ReactNode,
  { nonce, timeoutMs }: { nonce?: string; timeoutMs: number },
): Promise<string> {
  return new Promise((resolve, reject) => {
    let failure: { error: unknown } | undefined;
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (failure) {
          clearTimeout(timeout);
          reject(failure.error);
          return;
        }
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeout);
            callback();
          },
        });
        const stream = createReadableStreamFromReadable(body);
        pipe(body);
        readableStreamToString(stream).then(resolve, reject);
      },
      onShellError(error: unknown) {
        clearTimeout(timeout);
        reject(error);
      },
      onError(error: unknown) {
        failure ??= { error };
      },
    });
    // Abort a render that never finishes: what was not ready fails, and the page with it.
    const timeout = setTimeout(abort, timeoutMs);
  });
}
