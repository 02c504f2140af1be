import { describe, expect, it } from 'vitest';
import { app } from '../../../worker/index';
import { fetchWorker } from '../fetch';

// The POST guard (worker/post/guard.ts) stands in front of every route that takes a body,
// read from the app's own route table: a POST route added anywhere, with any path, is
// refused from another site (403) and with a body of another type (415) before its handler
// reads a byte. A guard attached by a hand-kept list of paths failed this for every new route.

/** A concrete path for a route pattern: each parameter filled, each wildcard one segment. */
const concrete = (pattern: string) =>
  pattern
    .replace(/:region(\{[^}]*\})?/g, 'us')
    .replace(/:kind(\{[^}]*\})?/g, 'rma')
    .replace(/:[a-z]+(\{[^}]*\})?/gi, 'x')
    .replace(/\*/g, 'x');

/** Every route of the app that takes a POST, by method and path, middleware aside. */
const postRoutes = () => [...new Set(app.routes.filter((r) => r.method === 'POST').map((r) => r.path))];

describe('the POST guard, from the route table', () => {
  it('finds the routes that take a POST (the account API, the forms, the draw, the log-in and consent pages, the mailed links)', () => {
    const paths = postRoutes();
    for (const path of ['/account/user/register_or_login', '/support/forms/:kind', '/campaign/lucky-draw', '/:region/login', '/:region/unsubscribe'])
      expect(paths).toContain(path);
  });

  it.each(postRoutes())('refuses a cross-site POST to %s before reading it (403), and a body of another type (415)', async (pattern) => {
    const url = `http://localhost${concrete(pattern)}`;
    const cross = await fetchWorker(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'cross-site', 'CF-Connecting-IP': '192.0.2.200' },
      body: 'email=a%40example.com',
    });
    expect(cross.status).toBe(403);
    const typed = await fetchWorker(url, { method: 'POST', headers: { 'Content-Type': 'text/plain', 'CF-Connecting-IP': '192.0.2.200' }, body: 'x' });
    expect(typed.status).toBe(415);
  });
});
