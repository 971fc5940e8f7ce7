/**
 * The order statistics the bench scripts print: nearest rank, as the yardstick's scripts take
 * them (../shared/bench: the median of an even count is the upper middle value), so that a
 * median here and there is the same figure of the same samples.
 */

/** The value at quantile `q` (0 to 1) of `values`, by nearest rank; NaN when there is none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export const median = (values: readonly number[]): number => quantile(values, 0.5);
