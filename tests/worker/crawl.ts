import { fetchWorker } from './fetch';

/** Fetches an absolute URL from the worker in workerd, without following redirects. */
export function fetchUrl(url: string, init: RequestInit = {}): Promise<Response> {
  return fetchWorker(url, { redirect: 'manual', ...init });
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

/**
 * Every page the sitemaps list, on both hosts: the global sitemap index and each edition's
 * sitemap, and the China host's sitemap. Pages added later join every check that uses this.
 */
export async function sitemapPages(): Promise<string[]> {
  const pages: string[] = [];
  for (const index of ['http://localhost/sitemap.xml', 'http://cn.localhost/sitemap.xml']) {
    const xml = await (await fetchUrl(index)).text();
    const maps = xml.includes('<sitemapindex') ? locs(xml) : [index];
    for (const map of maps) pages.push(...(map === index ? locs(xml) : locs(await (await fetchUrl(map)).text())));
  }
  return [...new Set(pages)];
}

/** The attributes of every tag of a name in some HTML, as lower-cased key → value maps. */
export function tags(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))].map((m) => {
    const attrs: Record<string, string> = {};
    for (const a of m[1]!.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) attrs[a[1]!.toLowerCase()] = decode(a[2] ?? '');
    return attrs;
  });
}

/** Undoes the entity escaping React applies to attribute values and text. */
export function decode(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
