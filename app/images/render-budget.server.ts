/**
 * How much rendering each client may ask for: a bucket of pixels per client
 * address that refills at a steady rate, so a visitor opening a few pages on
 * a cold cache never notices it, while one address asking for variant after
 * variant is held to a share of the server it cannot grow.
 */

export type RenderBudget = {
  /**
   * Takes `cost` pixels from `client`'s bucket: null when there were enough,
   * else the whole seconds until there will be (nothing is taken then).
   */
  take(client: string | null, cost: number): number | null;
  /** Gives back what `take` took, for a render that was refused after all. */
  refund(client: string | null, cost: number): void;
};

export type RenderBudgetOptions = {
  /** The bucket's size, and what it refills in `perSeconds`. */
  pixels: number;
  perSeconds: number;
  /** Past this many clients tracked, those whose bucket is full again are forgotten. */
  maxClients?: number;
  now?: () => number;
};

/** Requests without a known address share one bucket. */
const UNKNOWN = "unknown";

export function createRenderBudget({
  pixels,
  perSeconds,
  maxClients = 10_000,
  now = () => Date.now(),
}: RenderBudgetOptions): RenderBudget {
  const perMs = pixels / (perSeconds * 1000);
  const buckets = new Map<string, { left: number; at: number }>();

  function current(client: string, time: number) {
    const bucket = buckets.get(client);
    if (!bucket) return pixels;
    return Math.min(pixels, bucket.left + (time - bucket.at) * perMs);
  }

  function forgetFull(time: number) {
    if (buckets.size < maxClients) return;
    for (const [client, bucket] of buckets) {
      if (bucket.left + (time - bucket.at) * perMs >= pixels) buckets.delete(client);
    }
  }

  return {
    take(address, cost) {
      const client = address ?? UNKNOWN;
      const time = now();
      // A render larger than the whole bucket needs the whole bucket.
      const wanted = Math.min(cost, pixels);
      const left = current(client, time);
      if (left < wanted) return Math.max(1, Math.ceil((wanted - left) / perMs / 1000));
      forgetFull(time);
      buckets.set(client, { left: left - wanted, at: time });
      return null;
    },
    refund(address, cost) {
      const client = address ?? UNKNOWN;
      const time = now();
      buckets.set(client, {
        left: Math.min(pixels, current(client, time) + Math.min(cost, pixels)),
        at: time,
      });
    },
  };
}
