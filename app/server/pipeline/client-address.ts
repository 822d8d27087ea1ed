import { isIP } from "node:net";

/**
 * The client's address. `seen` is what the connection (or, with TRUST_PROXY,
 * the first X-Forwarded-For entry) says. A proxy that appends to
 * X-Forwarded-For leaves the first entry to the client, so where the proxy
 * sets a header of its own (Fly-Client-IP on Fly), that header is preferred
 * when it holds an address.
 */
export function clientAddress(
  request: Request,
  seen: string,
  trustedHeader: string | undefined,
): string {
  const reported = trustedHeader ? request.headers.get(trustedHeader)?.trim() : undefined;
  return reported && isIP(reported) ? reported : seen;
}
