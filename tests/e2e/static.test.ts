import { describe, expect, inject, it } from 'vitest';
import { get } from '../../scripts/local/worker.mjs';

// Browsers ask every host for /favicon.ico when a document has no icon link (robots.txt, a
// sitemap, a PDF opened in a tab); a 404 there is an error in the visitor's console.
describe('/favicon.ico', () => {
  it.each(['localhost', 'cn.localhost'])('is an icon on %s, cached a day', async (host) => {
    const res = await get(`http://${host}:${inject('port')}/favicon.ico`);
    expect([res.status, res.headers['cache-control']]).toEqual([200, 'public, max-age=86400']);
    expect(res.headers['content-type']).toBe('image/vnd.microsoft.icon');
    // ICONDIR: reserved 0, type 1 (icon), then a PNG image.
    expect([...res.body.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(res.body.subarray(22, 26).toString('latin1')).toBe('\x89PNG');
  });
});
