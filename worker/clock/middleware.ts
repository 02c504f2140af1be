import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../context';
import { isPreprod } from '../edition/scope';
import { configOf, type Config } from '../env';
import { PREVIEW_COOKIE, readPreview } from './preview';

/** Whether unsigned preview timestamps count: locally and on pre-production hosts. */
export function allowsUnsignedPreview(config: Pick<Config, 'environment' | 'preprodHosts'>, host: string): boolean {
  return config.environment === 'local' || isPreprod(host, config.preprodHosts);
}

/** Sets the effective now: a preview timestamp where it counts, else the clock. */
export function clock(now: () => number = Date.now): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const config = configOf(c.env);
    const host = new URL(c.req.url).host;
    const preview = await readPreview(getCookie(c, PREVIEW_COOKIE), allowsUnsignedPreview(config, host), config.previewSecret);
    c.set('now', preview ?? now());
    c.set('previewing', preview !== undefined);
    return next();
  };
}
