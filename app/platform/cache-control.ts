/** Cache-Control values the site uses, in one place. */
export const cacheControl = {
  /**
   * Public pages: a CDN may keep them four seconds (an edit shows everywhere
   * within five) and serve them stale only while the site is failing.
   */
  publicPage: "public, max-age=0, s-maxage=4, stale-if-error=86400",
  /** A public page only the visitor's browser may keep (and must check again before reuse). */
  privatePage: "private, max-age=0",
  /** Anything personal or live: never stored by a browser or a shared cache. */
  noStore: "private, no-store",
  /** Fingerprinted build assets. */
  immutable: "public, max-age=31536000, immutable",
  /** Unversioned files from public/ (icons, robots). */
  publicFile: "public, max-age=3600",
} as const;

/** The longest If-None-Match read; anything longer is not one of ours and is ignored. */
const MAX_IF_NONE_MATCH = 1_000;

/**
 * Whether an `If-None-Match` value names `etag`: `*`, or a list of entity
 * tags (weak ones compared weakly, as RFC 9110 has it for GET). A value that
 * is not a list of entity tags matches nothing.
 */
export function ifNoneMatch(header: string | null, etag: string): boolean {
  if (!header || header.length > MAX_IF_NONE_MATCH) return false;
  if (header.trim() === "*") return true;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .includes(etag);
}

type Strictness = { rank: number; maxAge: number };

function strictness(value: string): Strictness {
  const directives = new Map<string, string | undefined>();
  for (const part of value.toLowerCase().split(",")) {
    const [name, argument] = part.trim().split("=", 2);
    if (name) directives.set(name, argument?.replace(/"/g, ""));
  }
  if (directives.has("no-store")) return { rank: 0, maxAge: 0 };
  const seconds = (name: string) => {
    const parsed = Number.parseInt(directives.get(name) ?? "", 10);
    return Number.isFinite(parsed) ? parsed : Number.POSITIVE_INFINITY;
  };
  const maxAge = Math.min(seconds("s-maxage"), seconds("max-age"));
  if (directives.has("private") || directives.has("no-cache")) {
    return { rank: 1, maxAge };
  }
  return { rank: 2, maxAge };
}

/**
 * Of several Cache-Control values, the one that lets caches keep the least:
 * `no-store` beats `private`/`no-cache`, which beat public ones, and among
 * equals the shortest lifetime wins.
 */
export function strictestCacheControl(
  ...values: Array<string | null | undefined>
): string | undefined {
  let strictest: { value: string; strictness: Strictness } | undefined;
  for (const value of values) {
    if (!value?.trim()) continue;
    const candidate = { value, strictness: strictness(value) };
    if (
      !strictest ||
      candidate.strictness.rank < strictest.strictness.rank ||
      (candidate.strictness.rank === strictest.strictness.rank &&
        candidate.strictness.maxAge < strictest.strictness.maxAge)
    ) {
      strictest = candidate;
    }
  }
  return strictest?.value;
}
