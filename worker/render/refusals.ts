import type { Handler } from 'hono';
import { CACHE } from '../cache';

/** A hashed asset that is not there is gone for good: 404, so the page reloads (client boot). */
export const missingAsset: Handler = (c) => c.text('Not Found', 404, { 'Cache-Control': CACHE.none });

/** Anything but GET (and HEAD) on a page path. */
export const methodNotAllowed: Handler = (c) => c.text('Method Not Allowed', 405, { Allow: 'GET, HEAD', 'Cache-Control': CACHE.none });
