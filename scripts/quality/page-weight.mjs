// What a page makes a new visitor download, from its HTML and dist/manifest.json: shared by
// the JavaScript budget test (tests/e2e/budget.test.ts) and `npm run bench`. gzip is zlib
// level 9 (`gzip -9`); file sizes are read from dist/client, which is what the worker serves.
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from '../local/worker.mjs';

/** @typedef {{ hydrate: string, islands: Record<string, string[]> }} Manifest dist/manifest.json, as far as page weight reads it. */

/** Bytes after gzip at level 9. */
export const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length;

const attributes = (source) => Object.fromEntries([...source.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [name.toLowerCase(), value ?? '']));
const tags = (html, name) => [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))].map((m) => attributes(m[1]));
const links = (html, rel) => tags(html, 'link').flatMap((a) => (a.rel?.split(/\s+/).includes(rel) && a.href ? a.href : []));
const local = (url) => url.startsWith('/') && !url.startsWith('//');

/** The sizes of some files of dist/client, by URL path, and the whole. */
function files(urls, dir) {
  const sizes = urls.map((url) => readFileSync(join(dir, url)));
  return { files: urls, raw: sizes.reduce((n, b) => n + b.length, 0), gzip: sizes.reduce((n, b) => n + gzipSize(b), 0) };
}

/**
 * A page's weight for a new visitor. JavaScript: every `<script src>` and
 * `<link rel=modulepreload>`, and for each `data-island="<name>"` marker the manifest's
 * `hydrate` entry and `islands[name]` files (an island the boot lines load lazily counts:
 * a new visitor gets it). Inline script: executable inline `<script>`s, raw (JSON-LD is
 * data, not counted). Scripts on other hosts are listed, not sized. Islands that load only
 * for a member (`data-island-when="member"`) count only with `member: true`: a new visitor
 * has no session; and with it, those for a new visitor (`new-visitor`) do not: logging in
 * marks the new-user popup seen (client/runtime/session.ts).
 * @param {string} html
 * @param {Manifest} manifest
 */
export function pageWeight(html, manifest, { client = join(root, 'dist/client'), member = false } = {}) {
  const markers = tags(html, 'div').filter((a) => a['data-island']);
  const islands = [
    ...new Set(markers.filter((a) => (member ? a['data-island-when'] !== 'new-visitor' : a['data-island-when'] !== 'member')).map((a) => a['data-island'])),
  ];
  const linked = [...tags(html, 'script').flatMap((a) => a.src ?? []), ...links(html, 'modulepreload')];
  const js = [...new Set([...linked, ...(islands.length ? [manifest.hydrate] : []), ...islands.flatMap((name) => manifest.islands[name] ?? [])])];
  const css = [...new Set(links(html, 'stylesheet'))];
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs]) => !('src' in attributes(attrs)) && /^(|module|(text|application)\/(java|ecma)script)$/i.test(attributes(attrs).type ?? ''))
    .reduce((n, [, , body]) => n + Buffer.byteLength(body), 0);
  const bytes = Buffer.from(html);
  return {
    islands,
    html: { raw: bytes.length, gzip: gzipSize(bytes) },
    js: { ...files(js.filter(local), client), elsewhere: js.filter((url) => !local(url)) },
    inlineScript: inline,
    css: files(css.filter(local), client),
  };
}
