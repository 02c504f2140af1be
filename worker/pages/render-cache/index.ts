/**
 * The render cache (decisions 0020, 0028): a page is rendered once per moment for every
 * visitor (their own parts stitched in as it streams out: ../visitor.ts), then served as
 * stored bytes (gzipped to a browser) from the isolate's memory or the colo's Cache API until
 * the next instant that can change it. `key.ts` holds the rules (what is cached, under which
 * key, until when), `store.ts` the isolate's memory and storing, `serve.ts` the page step.
 */
export { entryOf, planFor, withoutTracking } from './key';
export { throughCache } from './serve';
export { clearRenderCache, keep, MEMORY, renderCache, renderFailed, settled, STALE_MS, STYLE_LINK } from './store';
