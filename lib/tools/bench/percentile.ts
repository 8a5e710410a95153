/**
 * The p-th percentile (0–100) of `values` by nearest rank: always one of the values measured,
 * never an interpolation between two. NaN when there are none.
 */
export function percentile(values: ArrayLike<number>, p: number): number {
  return percentileOfSorted(sortedCopy(values), p);
}

/** p50, p99 and max of a set of latencies, sorting once. */
export function latencySummary(values: ArrayLike<number>): {
  count: number;
  p50: number;
  p99: number;
  max: number;
} {
  const sorted = sortedCopy(values);
  return {
    count: sorted.length,
    p50: percentileOfSorted(sorted, 50),
    p99: percentileOfSorted(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
  };
}

/** The middle of a handful of values (page loads); the mean of the two middle ones when even. */
export function median(values: readonly number[]): number {
  const sorted = sortedCopy(values);
  if (sorted.length === 0) return Number.NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function sortedCopy(values: ArrayLike<number>): Float64Array {
  // A typed array sorts numerically and fast: a stream run holds 25,000 values.
  return Float64Array.from(values).sort();
}

function percentileOfSorted(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be within 0–100, got ${p}`);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}
