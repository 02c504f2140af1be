// The speed and weight budgets (docs/decisions/0008), in one place: the JavaScript budget test
// (tests/e2e/budget.test.ts), `npm run bench` and Lighthouse CI (lighthouserc.js) read them.
// A budget that is exceeded is met in the product, never raised to fit.

export const BUDGETS = {
  /** The inline boot lines a page runs, raw bytes (JSON-LD is data and does not count). */
  inlineScriptBytes: 2_048,
  /** JavaScript a new visitor downloads on any page, the heaviest included, gzip -9 bytes. React 19's DOM client is some 60 kB of it. */
  pageJsGzipBytes: 75_000,
  /** Script files a page without islands loads: none, it runs the inline boot lines only. */
  scriptFilesWithoutIslands: 0,
  /**
   * The worker as uploaded (its modules, source maps aside), gzip bytes: `npm run deploy --
   * --dry-run` and tests/commands/release.test.ts check it. A third of the Workers Free plan's
   * 3 MiB limit, so cold starts stay short (decision 0037).
   */
  workerGzipBytes: 1024 * 1024,
  /** Lighthouse category scores, the median of the runs, on mobile and desktop. */
  lighthouse: { performance: 0.95, accessibility: 1, 'best-practices': 1, seo: 1 },
};

/** The budgets a page (`pageWeight`'s answer) exceeds, as sentences; none when it keeps them all. */
export function overBudget(weight) {
  const over = [];
  const scripts = weight.js.files.length + weight.js.elsewhere.length;
  if (weight.js.gzip > BUDGETS.pageJsGzipBytes) over.push(`JavaScript ${weight.js.gzip} B gzip > ${BUDGETS.pageJsGzipBytes} B`);
  if (weight.inlineScript > BUDGETS.inlineScriptBytes) over.push(`inline script ${weight.inlineScript} B > ${BUDGETS.inlineScriptBytes} B`);
  if (weight.islands.length === 0 && scripts > BUDGETS.scriptFilesWithoutIslands) over.push(`script files on a page without islands: ${scripts}`);
  return over;
}
