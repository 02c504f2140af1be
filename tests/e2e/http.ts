import { get } from '../../scripts/local/worker.mjs';

/** A response read whole. */
export interface Fetched {
  url: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

/** GETs (or sends) a URL on the local site (cn.localhost included), without following redirects. */
export async function fetchLocal(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Fetched> {
  const res = await get(url, options);
  return { url, status: res.status, headers: res.headers, body: res.body, text: res.body.toString('utf8') };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

/** Every page the sitemaps list, on the global host and the China host (at a preview moment with `headers`' cookie). */
export async function sitemapPages(port: number, headers: Record<string, string> = {}): Promise<string[]> {
  const pages: string[] = [];
  for (const index of [`http://localhost:${port}/sitemap.xml`, `http://cn.localhost:${port}/sitemap.xml`]) {
    const xml = (await fetchLocal(index, { headers })).text;
    if (!xml.includes('<sitemapindex')) pages.push(...locs(xml));
    else for (const map of locs(xml)) pages.push(...locs((await fetchLocal(map, { headers })).text));
  }
  return [...new Set(pages)];
}
