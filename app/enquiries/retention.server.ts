import { log } from "~/platform/logger.server";
import type { Database } from "~/platform/database/database.server";
import { purgeExpiredEnquiries } from "./enquiry-store.server";

const DAY_MS = 24 * 60 * 60 * 1000;

export type PurgeSchedule = {
  database: () => Promise<Database>;
  retentionDays: number;
  others?: OtherPurges;
  /** How long after the start the first purge runs: soon, but not while the server warms up. */
  firstAfterMs?: number;
  everyMs?: number;
};

/**
 * Other rows past their time, swept with the enquiries, each by name (the
 * newsletter's requests never confirmed, its old withdrawals): each deletes
 * and says how many, given the enquiries' retention for what is kept as long.
 */
export type OtherPurges = Readonly<
  Record<string, (database: Database, retentionDays: number) => Promise<number>>
>;

/** Deletes what is past its retention once, logging what it did. */
export async function purgeOnce(
  database: Database,
  retentionDays: number,
  others: OtherPurges = {},
) {
  const purged: Awaited<ReturnType<typeof purgeExpiredEnquiries>> & Record<string, number> = {
    ...(await purgeExpiredEnquiries(database, retentionDays)),
  };
  for (const [name, purge] of Object.entries(others)) {
    purged[name] = await purge(database, retentionDays);
  }
  log.info("Retention purge", { retentionDays, ...purged });
  return purged;
}

/**
 * The daily retention job: enquiries older than the retention period are
 * deleted a minute after the start and every day after. A failed run is
 * logged and the next one tries again. Several instances may each run it;
 * deleting what is already gone does no harm. Returns a function that stops it.
 */
export function startDailyPurge({
  database,
  retentionDays,
  others,
  firstAfterMs = 60_000,
  everyMs = DAY_MS,
}: PurgeSchedule): () => void {
  let timer: NodeJS.Timeout;
  const run = async () => {
    try {
      await purgeOnce(await database(), retentionDays, others);
    } catch (error) {
      log.error("The retention purge failed; it runs again tomorrow", { error });
    }
    timer = setTimeout(run, everyMs).unref();
  };
  timer = setTimeout(run, firstAfterMs).unref();
  return () => clearTimeout(timer);
}
