import { createMiddleware } from 'hono/factory';
import { consentOf } from '../../context/consent';
import type { After } from '../../context/types';
import { stitch } from '../visitor';
import { consentHash, consentParts, consentVariant, SETTINGS_SLUG } from './parts';

/**
 * The consent step of every page route (after the site, decision 0033): resolves the
 * visitor's consent, names what this response's CSP may allow (the defaults lines' hash; the
 * script origins they allow, and, on a page that asks, those they can grant on it without a
 * reload). The page step stitches the consent's parts in with the visitor's other parts, in
 * one pass (../visitor.ts, decision 0028); any other page answer (the settings page, a
 * bypass of the render cache, an action's page) is stitched here on the way out.
 */
export function consent() {
  return createMiddleware<After<'site' | 'consent'>>(async (c, next) => {
    const site = c.get('site');
    const state = consentOf(c, { edition: site.edition, policy: site.bundle.pack.consent, config: c.get('config'), now: site.now });
    c.set('consent', state);
    if (!state.optional) return next();
    const asking = state.ask || site.slug === SETTINGS_SLUG;
    c.set('scriptOrigins', [...new Set((asking ? state.configured : state.allowed).map((s) => new URL(s.src).origin))]);
    c.set('scriptHashes', [await consentHash(state.grants)]);
    await next();
    const res = c.res;
    const type = res.headers.get('Content-Type') ?? '';
    if (c.get('stitched') || !res.body || !type.startsWith('text/html') || res.status === 304) return;
    const headers = new Headers(res.headers);
    let body: ReadableStream<Uint8Array> = res.body;
    if (headers.get('Content-Encoding') === 'gzip') {
      body = body.pipeThrough(new DecompressionStream('gzip') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>);
      headers.delete('Content-Encoding');
      headers.delete('Content-Length');
    }
    const etag = headers.get('ETag');
    if (etag) headers.set('ETag', etag.replace(/"$/, `.${consentVariant(state)}"`));
    const stitched = stitch(new Response(body, { status: res.status, statusText: res.statusText, headers }), { consent: consentParts(site, state) });
    // Hono copies the old answer's headers onto a new one (its encoding and ETag too): let it go first.
    c.res = undefined;
    c.res = stitched;
  });
}
