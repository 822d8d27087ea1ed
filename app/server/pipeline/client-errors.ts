import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { cacheControl } from "~/platform/cache-control";
import { applySecurityHeaders } from "~/platform/security-headers";

/** What Node's parser refused, by its error code: the status Node itself would send, and why. */
function answerFor(code: string | undefined): { status: number; message: string } {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return { status: 431, message: "The request's headers are too large." };
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return { status: 413, message: "The request's chunk extensions are too large." };
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return { status: 408, message: "The request took too long to arrive." };
    default:
      return { status: 400, message: "The request could not be read as HTTP/1.1." };
  }
}

/**
 * For the server's `clientError` event: a request Node's parser refused
 * (a malformed method, target, header or body framing; headers too large; a
 * request too slow to arrive) gets the answer Node would send, with a plain
 * reason and the security headers every answer of the site carries. A
 * connection already answering, or gone, is closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  const written = (socket as Partial<Socket>).bytesWritten ?? 0;
  if (error.code === "ECONNRESET" || !socket.writable || written > 0) {
    socket.destroy();
    return;
  }
  const { status, message } = answerFor(error.code);
  const headers = new Headers({
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(message)),
    "Cache-Control": cacheControl.noStore,
    Connection: "close",
  });
  // Whether the request came over HTTPS cannot be told from a request that was not read.
  applySecurityHeaders(headers, { https: false });
  const head = [...headers].map(([name, value]) => `${name}: ${value}`).join("\r\n");
  socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n\r\n${message}`);
  socket.destroy();
}
