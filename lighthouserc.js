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
 * The pages measured, in passes: each pass at one moment. `now` measures at the real date;
 * a dated pass sends the local preview cookie (`timestamp`, the moment in ms), so the
 * campaign pages are measured while they are live whatever today's date is. Edition homes
 * are at /{region} (/{region}/ redirects there); the China edition is the root of
 * cn.localhost, which Chromium resolves to this machine. A page here that does not answer
 * 200 at its moment fails the run, by name. The two heaviest product pages (islands:
 * Megatron, Grimlock) and the log-in and account pages are measured too.
 */
export const PASSES = {
  now: {
    at: undefined,
    paths: ['/us', '/us/flagship-bumblebee', '/us/flagship-megatron', '/us/grimlock-g1-flagship', '/de', '/jp/flagship-bumblebee', '/us/login', '/us/account'],
  },
  china: { at: undefined, paths: ['cn:/'] },
  'black-friday': { at: '2024-11-30T12:00:00Z', paths: ['/us/black-friday', '/de/black-friday'] },
  christmas: { at: '2024-12-10T12:00:00Z', paths: ['/us/christmas-sale'] },
};

const pass = PASSES[process.env.LHCI_PASS || 'now'];
if (!pass) throw new Error(`LHCI_PASS is one of ${Object.keys(PASSES).join(', ')}, not "${process.env.LHCI_PASS}"`);

/** A pass's path as a URL on the local server (`cn:` paths are on the China host). */
export const urlOf = (path) => (path.startsWith('cn:') ? `http://cn.localhost:${port}${path.slice(3)}` : `http://localhost:${port}${path}`);

/** The preview cookie of a pass, if it is dated. */
export const cookieOf = (at) => (at ? `timestamp=${Date.parse(at)}` : undefined);

/** LHCI_URLS (comma-separated) measures those instead: scripts/lighthouse.mjs measures its control page so. */
export const urls = process.env.LHCI_URLS ? process.env.LHCI_URLS.split(',') : pass.paths.map(urlOf);
const cookie = process.env.LHCI_URLS ? undefined : cookieOf(pass.at);

/**
 * The page each run starts from: /robots.txt of the pass's own origin, not about:blank. The
 * site sends `Cross-Origin-Opener-Policy: same-origin`, so a navigation from about:blank
 * makes Chromium start a new renderer process, whose start Lighthouse counts against the page
 * (four times over, on mobile). A shopper arriving from another site gets a new process with
 * or without COOP (Chromium swaps processes on cross-site navigations), so that cost is the
 * browser's, not the page's: measured, the same bytes score 0.99-1 without COOP and 0.90-0.96
 * with it from about:blank (docs/decisions/0008-quality-gates.md). Every path of a pass is
 * therefore on one origin.
 */
const origins = [...new Set(urls.map((url) => new URL(url).origin))];
if (!process.env.LHCI_URLS && origins.length !== 1) throw new Error(`a pass measures one origin, not ${origins.join(' and ')}`);
const blankPage = process.env.LHCI_URLS ? undefined : `${origins[0]}/robots.txt`;

/**
 * The performance floor: the budget, or LHCI_PERFORMANCE_MIN when the machine cannot reach the
 * budget even on an empty page (scripts/lighthouse.mjs sets it from the control page).
 */
const minScores = { ...BUDGETS.lighthouse, ...(process.env.LHCI_PERFORMANCE_MIN ? { performance: Number(process.env.LHCI_PERFORMANCE_MIN) } : {}) };

/** The pages that ask not to be indexed. */
const NOINDEX = '.*/(login|account)(\\?.*)?$';
/** Lighthouse's SEO audits but "is-crawlable" (structured data is a manual audit). */
const SEO_AUDITS = [
  'document-title',
  'meta-description',
  'http-status-code',
  'link-text',
  'crawlable-anchors',
  'robots-txt',
  'image-alt',
  'hreflang',
  'canonical',
];
/** An assertion per category on its median score, but the categories named. */
const categories = (except) =>
  Object.fromEntries(
    Object.entries(minScores)
      .filter(([category]) => !except.includes(category))
      .map(([category, minScore]) => [`categories:${category}`, ['error', { minScore, aggregationMethod: 'median' }]]),
  );

export const ci = {
  collect: {
    url: urls,
    numberOfRuns: Number(process.env.LHCI_RUNS || 3),
    chromePath: chromiumPath,
    // Mobile is Lighthouse's default (Moto G Power, slow 4G, simulated throttling).
    settings: {
      chromeFlags: ['--headless=new', ...chromiumFlags].join(' '),
      ...(formFactor === 'desktop' ? { preset: 'desktop' } : {}),
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      ...(blankPage ? { blankPage } : {}),
    },
  },
  assert: {
    // Each category on the median of the runs: lhci's default takes the best run, and
    // 'median-run' falls back to that default for category scores in @lhci/cli 0.15.
    // The log-in and account pages are noindex by design (content/pages.ts), which fails
    // Lighthouse's "is-crawlable" and so its SEO score: there every other SEO audit must pass.
    assertMatrix: [
      {
        matchingUrlPattern: NOINDEX,
        assertions: { ...categories(['seo']), ...Object.fromEntries(SEO_AUDITS.map((audit) => [audit, ['error', { minScore: 1 }]])) },
      },
      { matchingUrlPattern: `^(?!${NOINDEX})`, assertions: categories([]) },
    ],
  },
  upload: { target: 'filesystem', outputDir: join(import.meta.dirname, 'dist/quality/lighthouse', formFactor, process.env.LHCI_PASS || 'now') },
};
