import { sharedDatabase } from "~/platform/database/connection.server";
import { isTransactionPooler } from "~/platform/database/database.server";
import { env } from "~/platform/env.server";
import { LiveStreams } from "~/platform/live/live-streams.server";
import { RevisionFeed } from "~/platform/live/revision-feed.server";
import { log } from "~/platform/logger.server";

/**
 * The live channel of this process (docs/decisions/012): one revision feed,
 * listening on the database where it can, and the `/live` streams it feeds.
 */

/** Why the database offers no LISTEN, when that is known from the configuration. */
function cannotListen(): string | undefined {
  const url = env.LIVE_LISTEN_DATABASE_URL ?? env.DATABASE_URL;
  if (!url || !isTransactionPooler(url)) return undefined;
  return env.LIVE_LISTEN_DATABASE_URL
    ? "LIVE_LISTEN_DATABASE_URL is a transaction pooler, which cannot LISTEN: give a direct or session-pooler URL"
    : "DATABASE_URL is a transaction pooler, which cannot LISTEN: set LIVE_LISTEN_DATABASE_URL to a direct or session-pooler URL";
}

// What it hears moves the revision the content cache and the page cache read.
const feed = new RevisionFeed({
  database: sharedDatabase,
  cannotListen: cannotListen(),
  log,
});

export const liveStreams = new LiveStreams({ feed, maxStreams: env.LIVE_MAX_STREAMS });

/** Starts the feed, logging whether it listens or polls. */
export async function startLive(): Promise<void> {
  await feed.start();
}

/**
 * On SIGTERM: ends every open stream at once (browsers reconnect to another
 * machine), so the shutdown does not wait out its grace period on them, and
 * stops listening.
 */
export function stopLive(): number {
  const ended = liveStreams.closeAll();
  void feed.stop();
  return ended;
}
