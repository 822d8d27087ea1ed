export const DEFAULT_PROGRESS_MAX = 100;

export type ProgressState =
  | { state: "indeterminate"; max: number }
  | { state: "loading" | "complete"; value: number; max: number };

/**
 * A progress value checked against the seed's rules: `max` is above 0
 * (default 100), `value` is absent (indeterminate) or within 0..max, and a
 * value equal to max is complete.
 */
export function progressState(
  value: number | null | undefined,
  max: number = DEFAULT_PROGRESS_MAX,
): ProgressState {
  if (!Number.isFinite(max) || max <= 0) {
    throw new RangeError(`Progress max must be greater than 0, got ${max}.`);
  }
  if (value === null || value === undefined) return { state: "indeterminate", max };
  if (!Number.isFinite(value) || value < 0 || value > max) {
    throw new RangeError(`Progress value must be between 0 and ${max}, got ${value}.`);
  }
  return { state: value === max ? "complete" : "loading", value, max };
}
