// Statistics the measuring scripts share (the probe, Lighthouse's closing table, the bench).

/**
 * The median of `values` (numbers, left unsorted): the middle one, or of an even count the
 * mean of the middle two, as lhci's `aggregationMethod: 'median'` takes it.
 * @param {readonly number[]} values
 */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor((sorted.length - 1) / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid] + sorted[mid + 1]) / 2;
}
