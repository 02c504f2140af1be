import { env } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { content } from '../../../worker/bundle/middleware';
import { clock } from '../../../worker/clock/middleware';
import type { AppEnv } from '../../../worker/context';
import { edition } from '../../../worker/edition/middleware';
import { errorHandler } from '../../../worker/index';
import { security } from '../../../worker/render/security';
import { pick, ctx } from '../fetch';

/** The worker's middleware with a route that fails, to see what a visitor gets. */
function failingApp() {
  const app = new Hono<AppEnv>();
  app.use('*', security());
  app.onError(errorHandler);
  app.use('*', clock());
  app.get('*', edition(), content(), () => {
    throw new Error('database password is hunter2 at Object.<anonymous> (worker.ts:1:1)');
  });
  return app;
}

describe('server errors', () => {
  it.each([
    ['http://localhost/de/faq', 'de-DE'],
    ['http://localhost/jp', 'ja-JP'],
    ['http://cn.localhost/', 'zh-CN'],
  ])('%s fails with the edition’s localized 500 page and no detail', async (url, lang) => {
    const res = await failingApp().fetch(new Request(url), env, ctx);
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(pick(html, /<html lang="([^"]+)"/)).toBe(lang);
    expect(html).not.toContain('hunter2');
    expect(html).not.toMatch(/at Object\.|worker\.ts|Error:/);
    expect(res.headers.get('Content-Security-Policy')).toContain("object-src 'none'");
  });
});
