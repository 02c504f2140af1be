/**
 * Page × state × width matrices: `npm test` runs a sample of each, `npm run test:quality` the
 * whole (FULL_MATRIX=1). A sample keeps one case per rule the matrix holds: one page per kind
 * of view at both widths, each dialog or state once, every case whose failure once had its own
 * cause (the comment at a matrix says which). The rest find the same faults on other pages,
 * at ten times the cost: `npm test` stays under ten minutes (docs/testing.md).
 */
export const FULL_MATRIX = process.env.FULL_MATRIX === '1';

/** The cases to run: all of them in the full run, else those `inSample` keeps. */
export function sample<T>(cases: readonly T[], inSample: (item: T, index: number) => boolean): T[] {
  return FULL_MATRIX ? [...cases] : cases.filter(inSample);
}
