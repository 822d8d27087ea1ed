import { cacheControl } from "~/platform/cache-control";

/** The bodies the site's forms send, and the only ones its actions read. */
export const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;

/** Methods that carry no body for the site to read. */
const BODYLESS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The media type of a Content-Type value, lower case, without its parameters. */
function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
}

/** The charset a Content-Type names, lower case and unquoted, if any. */
function charsetOf(contentType: string | null): string | null {
  const match = /;\s*charset\s*=\s*("[^"]*"|[^;\s]*)/i.exec(contentType ?? "");
  return match ? (match[1] ?? "").replace(/^"|"$/g, "").toLowerCase() : null;
}

/** The pages are UTF-8, so their forms are sent in UTF-8. */
const UTF8_CHARSETS = new Set(["utf-8", "utf8", "us-ascii"]);

function refusal(status: 400 | 415, message: string): Response {
  const headers = new Headers({
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": cacheControl.noStore,
  });
  // What a client should send instead (RFC 9110, 15.5.16).
  if (status === 415) headers.set("Accept", FORM_TYPES.join(", "));
  return new Response(message, { status, headers });
}

const NOT_SAVED = "Nothing was saved.";

/**
 * The answer to a post whose body the site's actions cannot read as a form,
 * or null for one they can (or a request without a body to read). Every
 * action reads its post with `request.formData()`, which throws for any
 * other body and would turn a client's mistake into a 500:
 *
 * - a body that is not a form (JSON, plain text, none at all with no type)
 *   or a form in a charset other than UTF-8 gets 415 and `Accept`;
 * - a multipart form that does not parse (no boundary, cut short) gets 400.
 *
 * `request` must have its body in memory (`readBoundedBody`): a clone is
 * read, and the request keeps its body for the action.
 */
export async function unreadableFormRefusal(request: Request): Promise<Response | null> {
  if (BODYLESS.has(request.method)) return null;
  const contentType = request.headers.get("Content-Type");
  const type = mediaType(contentType);
  if (!(FORM_TYPES as readonly string[]).includes(type)) {
    return refusal(
      415,
      `This address takes forms (${FORM_TYPES.join(" or ")}), ${
        type ? `not ${type.slice(0, 100)}` : "and the post named no Content-Type"
      }. ${NOT_SAVED}`,
    );
  }
  const charset = charsetOf(contentType);
  if (charset !== null && !UTF8_CHARSETS.has(charset)) {
    return refusal(
      415,
      `Forms are read as UTF-8, not ${charset.slice(0, 40) || "an empty charset"}. ${NOT_SAVED}`,
    );
  }
  try {
    await request.clone().formData();
  } catch {
    return refusal(
      400,
      type === "multipart/form-data"
        ? `The form could not be read: its multipart body is incomplete or does not match its boundary. ${NOT_SAVED}`
        : `The form could not be read. ${NOT_SAVED}`,
    );
  }
  return null;
}
