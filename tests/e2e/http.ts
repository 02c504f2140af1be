import { request } from 'node:http';
import type { LookupFunction } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** A response read whole. */
export interface Fetched {
  url: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

// Every *.localhost name is this machine (RFC 6761), as browsers treat it; Node's resolver
// does not know cn.localhost, so requests resolve it here.
const loopback: LookupFunction = (_host, options, callback) => {
  if ((options as { all?: boolean }).all)
    (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
};

/** GETs (or sends) a URL on the local site, without following redirects. */
export function fetchLocal(
  url: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, lookup: loopback }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        let data = Buffer.concat(chunks);
        if (res.headers['content-encoding'] === 'gzip') data = gunzipSync(data);
        resolve({ url, status: res.statusCode ?? 0, headers: res.headers, body: data, text: data.toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${url}`)));
    if (body) req.write(body);
    req.end();
  });
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

/** Every page the sitemaps list, on the global host and the China host. */
export async function sitemapPages(port: number): Promise<string[]> {
  const pages: string[] = [];
  for (const index of [`http://localhost:${port}/sitemap.xml`, `http://cn.localhost:${port}/sitemap.xml`]) {
    const xml = (await fetchLocal(index)).text;
    if (!xml.includes('<sitemapindex')) pages.push(...locs(xml));
    else for (const map of locs(xml)) pages.push(...locs((await fetchLocal(map)).text));
  }
  return [...new Set(pages)];
}
