import { env } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clock } from '../../../worker/context/clock';
import { config } from '../../../worker/context/config';
import { content } from '../../../worker/context/content';
import { edition } from '../../../worker/context/edition';
import { origins } from '../../../worker/context/origins';
import { site } from '../../../worker/context/site';
import type { AppEnv } from '../../../worker/context/types';
import { errorHandler } from '../../../worker/pages/respond';
import { security } from '../../../worker/render/security';
import { pick, ctx } from '../fetch';

/** The worker's middleware with a route that fails, to see what a visitor gets. */
function failingApp() {
  const app = new Hono<AppEnv>();
  app.use('*', config(), security());
  app.onError(errorHandler);
  app.get('*', origins(), clock(), edition(), content(), site(), () => {
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

  it('answers the localized 500 page even when it fails before any middleware ran', async () => {
    const app = new Hono<AppEnv>();
    app.onError(errorHandler);
    app.use('*', () => {
      throw new Error('early');
    });
    const res = await app.fetch(new Request('http://cn.localhost/whatever?subscribe=toString&source=footer'), env, ctx);
    expect(res.status).toBe(500);
    expect(pick(await res.text(), /<html lang="([^"]+)"/)).toBe('zh-CN');
  });
});
