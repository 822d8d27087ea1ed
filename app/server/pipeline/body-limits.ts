import { MAX_UPLOAD_BYTES } from "~/images/uploads";
import { MAX_BODY_BYTES } from "~/server/pipeline/request-body";

/**
 * A post that carries a picture: the picture (at most 10 MB) and the editor's
 * other fields, with room for the multipart boundaries and headers.
 */
export const UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;

/**
 * The staff editors that take pictures, by page address (without `.data`):
 * dishes, events, spaces, and the site settings' home hero. An editor that
 * starts taking pictures adds its pattern here.
 */
export const UPLOAD_ROUTES: readonly RegExp[] = [
  /^\/staff\/menu(?:\/.*)?$/,
  /^\/staff\/events(?:\/.*)?$/,
  /^\/staff\/venue(?:\/.*)?$/,
  /^\/staff\/settings$/,
];

/** The page a request is for: React Router's data requests add `.data` to its address. */
function pagePath(pathname: string): string {
  const page = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  return page.length > 1 ? page.replace(/\/+$/, "") : page;
}

/**
 * The largest body the server reads for a request to `url`: enough for a
 * picture on the editors that take one, 64 KB everywhere else.
 */
export function bodyLimitFor(url: URL | string): number {
  const { pathname } = typeof url === "string" ? new URL(url) : url;
  const page = pagePath(pathname);
  return UPLOAD_ROUTES.some((route) => route.test(page)) ? UPLOAD_BODY_BYTES : MAX_BODY_BYTES;
}
