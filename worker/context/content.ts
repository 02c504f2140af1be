import { createMiddleware } from 'hono/factory';
import { REGIONS } from '../../content/editions';
import { ContentStore } from '../bundle/store';
import type { After } from './types';

/** The isolate's content store: shared by every request this isolate serves. */
export const store = new ContentStore();

/** Loads the edition's bundle and the schedule in force. */
export function content(contentStore: ContentStore = store) {
  return createMiddleware<After<'edition' | 'bundle' | 'schedule'>>(async (c, next) => {
    const [bundle, schedule] = await Promise.all([
      contentStore.bundle(c.env.CONTENT, c.get('edition').region, c.get('config').release),
      contentStore.schedule(c.env.CONTENT, c.env.DB),
    ]);
    c.set('bundle', bundle);
    c.set('schedule', schedule);
    await next();
  });
}

/** Loads the schedule in force (routes that have no edition: sitemaps). */
export function schedule(contentStore: ContentStore = store) {
  return createMiddleware<After<'schedule'>>(async (c, next) => {
    c.set('schedule', await contentStore.schedule(c.env.CONTENT, c.env.DB));
    await next();
  });
}

/**
 * Reads what every page renders from, through the isolate's store: each edition's content bundle
 * of the release and the schedule (memory, KV, or the copy compiled into the version). `/healthz`
 * asks it whether pages can render (docs/decisions/0065).
 */
export function readContent(kv: KVNamespace, db: D1Database, release: string | undefined): Promise<unknown> {
  return Promise.all([...REGIONS.map((region) => store.bundle(kv, region, release)), store.schedule(kv, db)]);
}
