/**
 * The order of content revisions, on the server and in the browser alike:
 * a revision is a bigint, moved on by trigger, that only goes up.
 */

/** Whether `next` is a later revision than `last` (any revision is later than none). */
export function isLaterRevision(next: string, last: string | undefined): boolean {
  if (last === undefined) return true;
  try {
    return BigInt(next) > BigInt(last);
  } catch {
    return next !== last;
  }
}

/**
 * The oldest of `revisions`, where null (a revision not known) is older than
 * any; undefined when there are none.
 */
export function oldestRevision(
  revisions: Iterable<string | null | undefined>,
): string | null | undefined {
  let oldest: string | undefined;
  for (const revision of revisions) {
    if (revision === undefined) continue;
    if (revision === null) return null;
    if (oldest === undefined || isLaterRevision(oldest, revision)) oldest = revision;
  }
  return oldest;
}
