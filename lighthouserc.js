// Lighthouse CI, as `npm run test:lighthouse` runs it: scripts/lighthouse.mjs starts the
// worker, then runs `lhci autorun` once per form factor with LHCI_PORT and LHCI_FORM_FACTOR
// set (LHCI_RUNS: runs per URL, 3 unless set). lhci `require`s this file; Node loads it as
// the ES module it is, and lhci reads its `ci` export.
import { join } from 'node:path';
import { BUDGETS } from './scripts/budgets.mjs';
import { chromiumFlags, chromiumPath } from './scripts/chromium.mjs';

const port = process.env.LHCI_PORT || '8787';
const formFactor = process.env.LHCI_FORM_FACTOR || 'mobile';
if (!['mobile', 'desktop'].includes(formFactor)) throw new Error(`LHCI_FORM_FACTOR is mobile or desktop, not "${formFactor}"`);

/**
 * The pages measured. Edition homes are at /{region} (/{region}/ redirects there); the China
 * edition is the root of cn.localhost, which Chromium resolves to this machine. Black Friday
 * and the Christmas sale are live under the bundled schedule (content/schedule.ts sets them
 * no window until ops do): a page here that stops answering 200 fails the run, by name.
 */
export const pageUrls = [
  `http://localhost:${port}/us`,
  `http://localhost:${port}/us/flagship-bumblebee`,
  `http://localhost:${port}/de`,
  `http://localhost:${port}/jp/flagship-bumblebee`,
  `http://cn.localhost:${port}/`,
  `http://localhost:${port}/us/black-friday`,
  `http://localhost:${port}/us/christmas-sale`,
];

/** LHCI_URLS (comma-separated) measures those instead: scripts/lighthouse.mjs measures its control page so. */
export const urls = process.env.LHCI_URLS ? process.env.LHCI_URLS.split(',') : pageUrls;

/**
 * The performance floor: the budget, or LHCI_PERFORMANCE_MIN when the machine cannot reach the
 * budget even on an empty page (scripts/lighthouse.mjs sets it from the control page).
 */
const minScores = { ...BUDGETS.lighthouse, ...(process.env.LHCI_PERFORMANCE_MIN ? { performance: Number(process.env.LHCI_PERFORMANCE_MIN) } : {}) };

export const ci = {
  collect: {
    url: urls,
    numberOfRuns: Number(process.env.LHCI_RUNS || 3),
    chromePath: chromiumPath,
    // Mobile is Lighthouse's default (Moto G Power, slow 4G, simulated throttling).
    settings: { chromeFlags: ['--headless=new', ...chromiumFlags].join(' '), ...(formFactor === 'desktop' ? { preset: 'desktop' } : {}) },
  },
  assert: {
    // Each category on the median of the runs: lhci's default takes the best run, and
    // 'median-run' falls back to that default for category scores in @lhci/cli 0.15.
    assertions: Object.fromEntries(
      Object.entries(minScores).map(([category, minScore]) => [`categories:${category}`, ['error', { minScore, aggregationMethod: 'median' }]]),
    ),
  },
  upload: { target: 'filesystem', outputDir: join(import.meta.dirname, 'dist/quality/lighthouse', formFactor) },
};
