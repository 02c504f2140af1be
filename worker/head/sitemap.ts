import { GLOBAL_REGIONS, type Region } from '../../content/editions';
import { PAGES } from '../../content/pages';
import type { Schedule } from '../../content/schema/schedule';
import { editionPath } from '../../kernel/paths';
import { liveRegions } from '../clock/stage';
import { editionUrl, type Origins } from '../edition/paths';
import { escapeHtml } from '../html';
import { alternatesFor } from './head';

/**
 * The sitemap of one edition at `now`: every indexable page live there (a campaign only
 * within its window), with its hreflang alternates among the editions where it is live.
 */
export function editionSitemap(region: Region, origins: Origins, schedule: Schedule, now: number): string {
  const live = PAGES.map((page) => ({ ...page, regions: liveRegions(page, schedule, now) }));
  const urls = live
    .filter((p) => p.indexable && p.regions.includes(region))
    .map((page) => {
      const links = alternatesFor(page, region, origins)
        .map((a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}"/>`)
        .join('\n');
      return `  <url>\n    <loc>${escapeHtml(editionUrl(region, page.slug, origins))}</loc>\n${links}\n  </url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Path of an edition's sitemap on its own host. */
function sitemapPath(region: Region): string {
  return editionPath(region, '/sitemap.xml');
}

/** The global host's sitemap index: one sitemap per global edition. */
export function sitemapIndex(origin: string): string {
  const entries = GLOBAL_REGIONS.map((r) => `  <sitemap><loc>${escapeHtml(origin + sitemapPath(r))}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
}

/** robots.txt: everything but the API and preview paths, and where the sitemaps are. */
export function robotsTxt(origin: string, china: boolean): string {
  const maps = china ? [`${origin}/sitemap.xml`] : [`${origin}/sitemap.xml`, ...GLOBAL_REGIONS.map((r) => `${origin}${sitemapPath(r)}`)];
  return [
    'User-agent: *',
    'Disallow: /account/',
    'Disallow: /ssr/',
    'Disallow: /__preview',
    'Disallow: /__outbox',
    'Disallow: /region-select',
    'Disallow: /region-suggest/',
    'Allow: /',
    '',
    ...maps.map((m) => `Sitemap: ${m}`),
    '',
  ].join('\n');
}
