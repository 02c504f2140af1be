import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { ContentStore } from './store';

/** The isolate's content store: shared by every request this isolate serves. */
export const store = new ContentStore();

/** Loads the edition's bundle and the schedule in force. */
export function content(contentStore: ContentStore = store): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const region = c.get('edition').region;
    const [bundle, schedule] = await Promise.all([contentStore.bundle(c.env.CONTENT, region), contentStore.schedule(c.env.CONTENT)]);
    c.set('bundle', bundle);
    c.set('schedule', schedule);
    return next();
  };
}
