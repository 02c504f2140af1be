import type { Context, ErrorHandler } from 'hono';
import type { ReactElement } from 'react';
import type { IslandName } from '../../kernel/islands';
import type { PageDef } from '../../content/pages';
import { CACHE } from '../cache';
import { SiteProvider } from '../context/react';
import { siteOf, type Site } from '../context/site';
import type { AppEnv } from '../context/types';
import { buildHead } from '../head/head';
import { Document } from '../render/document';
import { segmentPhrases } from '../render/phrases';
import { renderHtml, wantsCompleteDocument } from '../render/stream';
import { Layout, layoutLazyIslands } from './Layout';
import { MailLinkPage, type MailLink } from './MailLink';
import { NoticePage, type Notice } from './Notice';
import { productNames } from './parts/phrased';
import type { PageView } from './registry';
import { renderFailed, STYLE_LINK } from './render-cache';
import { logError } from '../log';

interface Composed {
  /** The page body inside the frame. */
  body: ReactElement;
  /** Islands on the body; the document points the boot lines at the hydration entry only when there are any. */
  islands: readonly IslandName[];
  /** The `head.*` entry that titles the page. */
  headKey: string;
  /** The registered page, for canonical, alternates and structured data. */
  page: PageDef | undefined;
  status: 200 | 400 | 404 | 410 | 429 | 500 | 503;
}

/** A notice in place of a page: nothing registered, no islands, titled by its own head entry. */
function notice(entry: Notice): Omit<Composed, 'status'> {
  return { body: <NoticePage entry={entry} />, islands: [], headKey: entry, page: undefined };
}

/** Renders a page body in the edition's frame and streams it as the response. */
async function respond<E extends AppEnv>(c: Context<E>, site: Site, { body, islands, headKey, page, status }: Composed): Promise<Response> {
  const head = buildHead(site, page, headKey);
  const element = (
    <SiteProvider value={site}>
      <Document
        head={head}
        lang={site.edition.htmlLang}
        region={site.edition.region}
        scope={site.edition.storageScope}
        api={site.apiBase}
        islands={[...islands, ...layoutLazyIslands(site)]}
        vendors={site.vendors}
      >
        <Layout breadcrumbs={head.breadcrumbs}>{body}</Layout>
      </Document>
    </SiteProvider>
  );
  const stream = await renderHtml(element, {
    nonce: site.nonce,
    complete: wantsCompleteDocument(c.req.header('User-Agent')),
    onError: () => renderFailed(c),
  });
  // Japanese and Chinese headings and short copy break between phrases only; the render
  // cache stores the rewritten page, so a page's text is segmented once, not per visitor.
  const response = c.body(stream, status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': site.previewing ? CACHE.private : CACHE.page,
    Link: STYLE_LINK,
  });
  return segmentPhrases(response, site.edition.htmlLang, productNames(site));
}

/** Renders a registered page (with another status where a form post was refused). */
export function renderPage<E extends AppEnv>(c: Context<E>, site: Site, page: PageDef, view: PageView, status: 200 | 400 | 429 | 503 = 200): Promise<Response> {
  const withPage = { ...site, page };
  return respond(c, withPage, { body: view.render(), islands: view.islands, headKey: view.headKey(withPage), page, status });
}

/** Renders the edition's not-found page (404, or 400 for a malformed path). */
export function renderNotFound<E extends AppEnv>(c: Context<E>, site: Site, status: 404 | 400 = 404): Promise<Response> {
  return respond(c, site, { ...notice('not-found'), status });
}

/** Renders a short localized notice in the edition's frame (an expired preview link, …). */
export function renderNotice<E extends AppEnv>(c: Context<E>, site: Site, entry: Extract<Notice, `preview-${string}`>, status: 400 | 410): Promise<Response> {
  return respond(c, site, { ...notice(entry), status });
}

/**
 * Renders a mailed link's page (docs/decisions/0054): with `token`, the one button that acts;
 * without, what came of it. Never stored, and no referrer leaves it (the link is a credential).
 */
export async function renderMailLink<E extends AppEnv>(
  c: Context<E>,
  site: Site,
  entry: MailLink,
  options: { token?: string; next?: string; error?: string; status?: 200 | 400 | 404 | 429 } = {},
): Promise<Response> {
  const body = <MailLinkPage entry={entry} token={options.token} next={options.next} error={options.error} />;
  const rendered = await respond(c, site, { body, islands: [], headKey: entry, page: undefined, status: options.status ?? 200 });
  const headers = new Headers(rendered.headers);
  headers.set('Cache-Control', CACHE.none);
  headers.set('Referrer-Policy', 'no-referrer');
  return new Response(rendered.body, { status: rendered.status, headers });
}

/**
 * Any uncaught error: logged (name and message only), answered with the edition's
 * localized 500 page and no detail; a plain answer if even that fails.
 */
export const errorHandler: ErrorHandler<AppEnv> = async (error, c) => {
  logError('worker', error);
  try {
    const site = siteOf(c);
    // The error page depends on nothing the visitor sent: no query, no form outcome.
    const plain = { ...site, url: new URL(site.href('/'), site.url.origin) };
    return await respond(c, plain, { ...notice('server-error'), status: 500 });
  } catch {
    return new Response('Server error, please try again later.', {
      status: 500,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE.none },
    });
  }
};
