import type { Context } from 'hono';
import { EDITIONS } from '../../content/editions';
import type { IslandName } from '../../content/islands';
import type { PageDef } from '../../content/pages';
import { bundledCopy } from '../bundle/build';
import { DEFAULT_SCHEDULE } from '../../content/schedule';
import type { AppEnv } from '../context';
import { regionLabel, resolveCountry } from '../edition/country';
import { COUNTRY_COOKIE } from '../edition/cookies';
import { chinaOrigin, globalOrigin } from '../edition/resolve';
import { apiBase, isPreprod } from '../edition/scope';
import { configOf } from '../env';
import { buildHead } from '../head/head';
import { Layout, layoutLazyIslands } from '../pages/Layout';
import { NotFoundPage, ServerErrorPage } from '../pages/NotFound';
import type { PageView } from '../pages/registry';
import { suggestedEdition, SUGGEST_COOKIE } from '../pages/parts/suggestion';
import { createSite, SiteProvider, type Site } from '../pages/site';
import { Document } from './document';
import { renderHtml, wantsCompleteDocument } from './stream';
import { getCookie } from 'hono/cookie';

/** The Site of the current request; falls back to bundled content when the request got no further. */
export function siteOf(c: Context<AppEnv>): Site {
  const url = new URL(c.req.url);
  const config = configOf(c.env);
  const edition = c.get('edition') ?? EDITIONS.us;
  const country = resolveCountry(getCookie(c, COUNTRY_COOKIE), c.req.header('CF-IPCountry'), (c.req.raw as { cf?: { country?: unknown } }).cf?.country);
  const suggestion = suggestedEdition(edition.region, country, getCookie(c, COUNTRY_COOKIE) !== undefined, getCookie(c, SUGGEST_COOKIE) === 'dismissed');
  return createSite({
    edition,
    suggestion,
    apiBase: apiBase(isPreprod(url.host, config.preprodHosts), edition.apiGroup, config.apiBases),
    vendors: config.thirdParty.filter((script) => !script.regions || script.regions.includes(edition.region)).map((script) => script.src),
    slug: c.get('slug') ?? '',
    page: undefined,
    bundle: c.get('bundle') ?? bundledCopy(edition.region),
    schedule: c.get('schedule') ?? DEFAULT_SCHEDULE,
    now: c.get('now') ?? Date.now(),
    country,
    regionLabel: regionLabel(edition, country),
    origins: { global: globalOrigin(url, config), cn: chinaOrigin(url, config) },
    nonce: c.get('secureHeadersNonce') ?? '',
    url,
  });
}

const HTML_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  // The page shows the visitor's country label, so it is not shared between visitors.
  'Cache-Control': 'private, max-age=0, must-revalidate',
};

async function respond(
  c: Context<AppEnv>,
  site: Site,
  body: () => React.ReactElement,
  islands: readonly IslandName[],
  headKey: string,
  page: PageDef | undefined,
  status: number,
): Promise<Response> {
  const head = buildHead(site, page, headKey);
  const element = (
    <SiteProvider value={site}>
      <Document
        head={head}
        lang={site.edition.htmlLang}
        region={site.edition.region}
        scope={site.edition.storageScope}
        api={site.apiBase}
        nonce={site.nonce}
        islands={[...islands, ...layoutLazyIslands(site)]}
        vendors={site.vendors}
      >
        <Layout>{body()}</Layout>
      </Document>
    </SiteProvider>
  );
  const stream = await renderHtml(element, { nonce: site.nonce, complete: wantsCompleteDocument(c.req.header('User-Agent')) });
  const headers = new Headers(HTML_HEADERS);
  if (c.get('previewing')) headers.set('Cache-Control', 'private, no-store');
  return c.body(stream, status as 200, Object.fromEntries(headers));
}

/** Renders a registered page. */
export function renderPage(c: Context<AppEnv>, site: Site, page: PageDef, view: PageView): Promise<Response> {
  const withPage = { ...site, page };
  return respond(c, withPage, view.render, view.islands, view.headKey(withPage), page, 200);
}

/** Renders the edition's not-found page (404, or 400 for a malformed path). */
export function renderNotFound(c: Context<AppEnv>, site: Site, status: 404 | 400 = 404): Promise<Response> {
  return respond(c, site, () => <NotFoundPage />, [], 'not-found', undefined, status);
}

/** Renders the edition's error page (500); a plain answer if even that fails. */
export async function renderServerError(c: Context<AppEnv>): Promise<Response> {
  try {
    return await respond(c, siteOf(c), () => <ServerErrorPage />, [], 'server-error', undefined, 500);
  } catch {
    return new Response('Server error, please try again later.', {
      status: 500,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
}
