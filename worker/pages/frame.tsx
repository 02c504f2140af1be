import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { nextChange } from '../clock/boundaries';
import { SiteProvider } from '../context/react';
import type { Site } from '../context/site';
import { versionOf } from '../render/page-cache';
import { escapeHtml } from './visitor';

/**
 * The parts of the page frame that every page of an edition shows the same at one moment
 * (the text banners, the header's navigation, the footer), rendered once and reused as HTML
 * inside each page's React stream (decision 0028): a render cache miss then renders little
 * more than the page's own body. Keyed by everything they read (origin, edition, the region
 * label, content and schedule versions, the schedule interval); the page's path, which the
 * footer's subscribe form carries back, is filled in per page (only ever in an attribute).
 *
 * The HTML comes from React's own server renderer (`renderToString`, hydratable markup, text
 * separators included), so the page is byte for byte the one rendered in place
 * (tests/worker/pages/frame.test.ts). A part for which React would hoist anything into the
 * head (an image preload) is rendered in place instead: the stored HTML could not carry it.
 */

/** The path a part is rendered with, replaced by the page's own (raw, and percent-encoded in links). */
const STAND_IN = '/__frame__/path';
const STAND_IN_ENCODED = encodeURIComponent(STAND_IN);

/** At most this many parts in memory: editions × labels × parts × a moment or two. */
const LIMIT = 200;
/** A part's HTML cut where the path goes: text, then `raw` or `encoded` path, and so on. */
type Pieces = (string | { path: 'raw' | 'encoded' })[];
/** Parts by key; null for a part that must be rendered in place. */
const parts = new Map<string, Pieces | null>();

/** The parts held (tests). */
export const frameParts = {
  get size(): number {
    return parts.size;
  },
  clear: (): void => parts.clear(),
};

/** Renders a part with the stand-in path; null when React hoists something out of it (it starts with a `<link>`). */
function renderPart(site: Site, part: () => ReactNode): Pieces | null {
  const stand = { ...site, url: new URL(STAND_IN, site.url.origin) };
  const html = renderToString(<SiteProvider value={stand}>{part()}</SiteProvider>);
  if (html.startsWith('<link')) return null;
  return html
    .split(STAND_IN_ENCODED)
    .flatMap((piece, i): Pieces => [
      ...(i ? [{ path: 'encoded' as const }] : []),
      ...piece.split(STAND_IN).flatMap((p, j): Pieces => (j ? [{ path: 'raw' }, p] : [p])),
    ]);
}

/**
 * A frame part's HTML for this page, or undefined when it must be rendered in place: a
 * preview (its moments would fill memory), a page that shows a subscribe outcome (the
 * footer's form reads the query), a part React hoists from.
 */
export function framePart(site: Site, name: string, part: () => ReactNode): string | undefined {
  if (site.previewing || site.url.searchParams.has('source')) return undefined;
  const key = [
    name,
    site.url.origin,
    site.edition.region,
    site.regionLabel,
    site.apiBase,
    site.mediaOrigin,
    versionOf(site.bundle),
    versionOf(site.schedule),
    nextChange(site.schedule, site.bundle, site.now),
  ].join('|');
  let pieces = parts.get(key);
  if (pieces === undefined) {
    pieces = renderPart(site, part);
    if (parts.size >= LIMIT) parts.delete(parts.keys().next().value!);
    parts.set(key, pieces);
  }
  if (pieces === null) return undefined;
  if (pieces.length === 1) return pieces[0] as string;
  const path = site.url.pathname;
  // Escaped as React escapes attribute values: the path only ever lands in one.
  const raw = escapeHtml(path);
  const encoded = escapeHtml(encodeURIComponent(path));
  return pieces.map((p) => (typeof p === 'string' ? p : p.path === 'raw' ? raw : encoded)).join('');
}
