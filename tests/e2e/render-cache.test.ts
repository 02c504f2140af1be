import { describe, expect, inject, it } from 'vitest';
import { get } from '../../scripts/local/worker.mjs';

// The render cache over the real runtime (decisions 0020, 0025, 0028): a hit sends the stored
// gzip bytes encoded exactly once (`encodeBody: 'manual'`), the same page the miss streamed.
// The runtime tells the worker that every client accepts gzip, as Cloudflare does (whose edge
// decodes for a client that does not), so every hit here is gzipped; `get` ungzips it.
describe('a cached page over HTTP', () => {
  it('comes gzipped once from the cache, the same page the first visitor got', async () => {
    const url = `http://localhost:${inject('port')}/us/contact-us`;
    const first = await get(url);
    const hit = await get(url);
    expect([hit.status, hit.headers['x-render-cache'], hit.headers['content-encoding']]).toEqual([200, 'hit', 'gzip']);
    expect(hit.body.toString('utf8')).toMatch(/^<!DOCTYPE html><html lang="en-US"/);
    expect(hit.body.toString('utf8')).toBe(first.body.toString('utf8'));
  });

  it('stitches a visitor’s own label and suggestion into the stored page through HTMLRewriter, gzipped once', async () => {
    const url = `http://localhost:${inject('port')}/us/about-us`;
    const headers = { 'CF-IPCountry': 'DE' };
    await get(url);
    const hit = await get(url, { headers });
    const alone = await get(`${url}?alone=1`, { headers });
    expect([hit.status, hit.headers['x-render-cache'], hit.headers['content-encoding']]).toEqual([200, 'hit', 'gzip']);
    const html = hit.body.toString('utf8');
    expect(html).toContain('data-suggest="de"');
    expect(html).toContain('>Other Regions - English<');
    expect(html).toBe(alone.body.toString('utf8'));
  });

  it('renders once for concurrent misses of one page', async () => {
    // A path of its own (its not-found page is cached too): other files share the server and crawl every page.
    const url = `http://localhost:${inject('port')}/us/render-cache-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(url)));
    expect(answers.map((res) => res.status)).toEqual(Array(6).fill(404));
    const states = answers.map((res) => res.headers['x-render-cache']);
    expect(states.filter((s) => s === 'miss')).toHaveLength(1);
    expect(new Set(answers.map((res) => res.body.toString('utf8'))).size).toBe(1);
  });
});
