import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, startWorker } from '../../scripts/local/worker.mjs';

// The server the browser tests, the accessibility crawl, the bench and Lighthouse run against
// (`startWorker`, decision 0022): the bundle `wrangler deploy` uploads, on workerd
// through Miniflare with wrangler.toml's bindings and seeded content. If it served anything
// else the gates would measure what does not ship.
describe('the local worker the tests and speed gates start', () => {
  let worker: Awaited<ReturnType<typeof startWorker>>;
  beforeAll(async () => {
    worker = await startWorker();
  }, 120_000);
  afterAll(() => worker?.close());

  it('serves a page from the seeded content, then from the render cache, gzipped as it was stored', async () => {
    const first = await get(`${worker.origin}/us/flagship-bumblebee`);
    const second = await get(`${worker.origin}/us/flagship-bumblebee`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(first.status).toBe(200);
    expect(second.headers['x-render-cache']).toBe('hit');
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(second.body.toString()).toContain('<html lang="en-US"');
  });

  it('listens on a free port, and serves the China edition on its own host, the static assets, and the trivial route', async () => {
    expect(worker.port).toBeGreaterThan(0);
    expect((await get(`${worker.china}/`)).body.toString()).toContain('<html lang="zh-CN"');
    expect((await get(`${worker.origin}/images/logo.svg`)).status).toBe(200);
    expect((await get(`${worker.origin}/robots.txt`)).body.toString()).toContain('Sitemap:');
  });
});

// The load test's server: the same bundle behind wrangler's dev server (decision 0022). It must
// answer both hosts from the seeded state and stop listening once closed.
describe('the local worker behind wrangler dev', () => {
  it('serves both editions from fresh state, and stops on close', { timeout: 120_000 }, async () => {
    const worker = await startWorker({ wranglerDev: true });
    try {
      expect(worker.port).toBeGreaterThan(0);
      expect((await get(`${worker.origin}/us/flagship-bumblebee`)).body.toString()).toContain('<html lang="en-US"');
      expect((await get(`${worker.china}/`)).body.toString()).toContain('<html lang="zh-CN"');
    } finally {
      await worker.close();
    }
    await expect(get(`${worker.origin}/robots.txt`)).rejects.toThrow();
  });
});
