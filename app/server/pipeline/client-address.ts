import { isIP } from "node:net";

/**
 * The client's address. Without a proxy in front it is what the connection
 * says (`seen`). Behind one (TRUST_PROXY, which requires CLIENT_IP_HEADER),
 * it is only what the proxy's own header says: the connection is the proxy's,
 * and X-Forwarded-For's first entry is whatever the client sent, so a
 * request without a usable header has no address (null) rather than one of
 * the client's choosing.
 */
export function clientAddress(
  request: Request,
  seen: string,
  trustedHeader: string | undefined,
): string | null {
  if (!trustedHeader) return seen;
  const reported = request.headers.get(trustedHeader)?.trim();
  return reported && isIP(reported) ? reported : null;
}
