/** A limit on submissions: at most `max` in each window of `windowSeconds`. */
export type RateLimit = { max: number; windowSeconds: number };

/** How the public forms are guarded against spam; the server's configuration unless a test says otherwise. */
export type FormProtection = {
  /** Turnstile's secret and siteverify URL; null when no keys are set (local). */
  turnstile: { secretKey: string; verifyUrl: string } | null;
  /** Per client address: a household or office shares one. */
  perAddress: RateLimit;
  /** Per email address. */
  perEmail: RateLimit;
};

export const DEFAULT_RATE_LIMITS = {
  perAddress: { max: 5, windowSeconds: 10 * 60 },
  perEmail: { max: 3, windowSeconds: 60 * 60 },
} as const satisfies Pick<FormProtection, "perAddress" | "perEmail">;
