import { describe, expect, it } from 'vitest';
import { median } from '../../scripts/quality/stats.mjs';

// The median the probe's 10 % rule, Lighthouse's closing table and the bench's ratios read:
// lhci asserts a category on the mean of the middle two runs when their count is even, and the
// table must print what the gate read.
describe('median', () => {
  it.each([
    { values: [0.97, 0.94, 0.97], expected: 0.97 },
    { values: [0.98, 0.9, 0.92], expected: 0.92 },
    { values: [0.9, 1], expected: 0.95 },
    { values: [4, 1, 3, 2], expected: 2.5 },
    { values: [7], expected: 7 },
  ])('of $values is $expected', ({ values, expected }) => {
    expect(median(values)).toBeCloseTo(expected, 10);
  });

  it('leaves the values it is given in their order', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});
