import type { TrendBucket } from '../api/get-trends';

/**
 * The buckets worth drawing: over "All" (120 months) the empty months before the first donation
 * are dropped, keeping at least the last `keep` periods so the axis still spans some time.
 */
export function visibleBuckets(buckets: readonly TrendBucket[], keep = 12): TrendBucket[] {
  const first = buckets.findIndex((b) => b.donations > 0);
  const cut = first < 0 ? buckets.length : first;
  return buckets.slice(Math.min(cut, Math.max(0, buckets.length - keep)));
}
