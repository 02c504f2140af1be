import { describe, expect, inject, it } from 'vitest';
import { get } from '../../scripts/local.mjs';

// The render cache over the real runtime (decisions 0020, 0025): a hit sends the stored gzip bytes
// encoded exactly once (`encodeBody: 'manual'`), the same page the miss streamed. The runtime
// tells the worker that every client accepts gzip, as Cloudflare does (whose edge decodes for
// a client that does not), so every hit here is gzipped; `get` ungzips it.
describe('a cached page over HTTP', () => {
  it('comes gzipped once from the cache, the same page the first visitor got', async () => {
    const url = `http://localhost:${inject('port')}/us/contact-us`;
    const first = await get(url);
    const hit = await get(url);
    expect([hit.status, hit.headers['x-render-cache'], hit.headers['content-encoding']]).toEqual([200, 'hit', 'gzip']);
    expect(hit.body.toString('utf8')).toMatch(/^<!DOCTYPE html><html lang="en-US"/);
    expect(hit.body.toString('utf8')).toBe(first.body.toString('utf8'));
  });
});
