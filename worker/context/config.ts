import { createMiddleware } from 'hono/factory';
import { configOf } from '../env';
import type { AppEnv } from './types';

/**
 * Sets the configuration (worker/env.ts, parsed with zod once per isolate's bindings) as the
 * request's `config`, first of all, so every later step reads `c.var.config` and none parses
 * or looks it up again. A configuration failing its schema throws here: the error handler
 * answers, from what it can resolve without it.
 */
export function config() {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('config', configOf(c.env));
    await next();
  });
}
