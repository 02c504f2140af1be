import type { ReactNode } from 'react';
import { HYDRATE_ATTR, type IslandName } from '../../kernel/islands';
import { MANIFEST } from './assets';

/** What goes in a page's `<head>`. */
export interface Head {
  title: string;
  description: string;
  keywords: string;
  /** Absolute canonical URL. */
  canonical: string;
  /** hreflang alternates, x-default last. */
  alternates: { hreflang: string; href: string }[];
  /** JSON-LD blocks, each already escaped for a script element. */
  jsonLd?: string[];
  /** Where the page sits (home first, the page last); empty where the page shows no trail. */
  breadcrumbs?: Crumb[];
  /** Whether search engines may index the page. */
  index: boolean;
  /** The page's share picture (products and campaigns): og:image and twitter:image, absolute URL. */
  image?: { url: string; width: number; height: number; alt: string };
  /** Open Graph: what the page is (`product` on product pages). */
  ogType: 'website' | 'product';
  /** Open Graph locale of the edition (`en_US`), and those of the page's other editions. */
  ogLocale: string;
  ogLocaleAlternates: string[];
  /** The brand, as `og:site_name`. */
  siteName: string;
}

/** One step of a breadcrumb trail: its name and absolute URL. */
export interface Crumb {
  name: string;
  url: string;
}

interface DocumentProps {
  head: Head;
  lang: string;
  region: string;
  /** Storage scope path of the edition, read by the client runtime. */
  scope: string;
  /** Base URL of the edition's API ('' is this origin), read by the client's API calls. */
  api: string;
  /**
   * Islands on the page (the view's and the frame's). With any, <html> carries the hydration
   * entry's URL for the boot lines, which load it when the first island's trigger fires; with
   * none, the page loads no script file at all.
   */
  islands: readonly IslandName[];
  /** Strictly necessary third-party scripts of this edition (async; the CSP allows their hosts). The others are the consent step's (decision 0033). */
  vendors: readonly string[];
  children: ReactNode;
}

/** A share picture's tags: Open Graph's, and X's, which falls back to Open Graph's for the rest. */
function ShareImage({ image }: { image: NonNullable<Head['image']> }) {
  return (
    <>
      <meta property="og:image" content={image.url} />
      <meta property="og:image:type" content="image/jpeg" />
      <meta property="og:image:width" content={String(image.width)} />
      <meta property="og:image:height" content={String(image.height)} />
      <meta property="og:image:alt" content={image.alt} />
      <meta name="twitter:image" content={image.url} />
      <meta name="twitter:image:alt" content={image.alt} />
    </>
  );
}

/**
 * The id of the empty element that closes every body: the head's `rel=expect` link holds the
 * first frame until it is parsed (decision 0053), so whatever is added to the page's end (the
 * consent banner, ./pages/visitor.ts) goes before it.
 */
export const PAGE_END = 'page-end';

/** The primary language subtag of a `lang` (`zh` of `zh-CN`). */
const primary = (lang: string) => lang.split('-')[0]!.toLowerCase();

/** The HTML document: head per docs/design.md, "Head and SEO", the inline boot lines, the body. */
export function Document({ head, lang, region, scope, api, islands, vendors, children }: DocumentProps) {
  // NOTE: no <script src> and no modulepreload for islands here: either would load before first paint.
  const hydrate = { [HYDRATE_ATTR]: islands.length > 0 ? MANIFEST.hydrate : undefined };
  // A CJK page links its language's faces; a Latin page preloads the brand face its first view
  // draws with. The first frame waits for the whole document (PAGE_END, decision 0053): a
  // frame drawn while the parser paused showed the header alone, and left the first view's
  // style and layout after the first paint.
  const fontSheet = MANIFEST.fontSheets[primary(lang)];
  return (
    <html lang={lang} className="no-js" data-region={region} data-scope={scope} data-api={api || undefined} {...hydrate}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        {head.keywords ? <meta name="keywords" content={head.keywords} /> : null}
        {head.index ? null : <meta name="robots" content="noindex" />}
        <link rel="canonical" href={head.canonical} />
        {head.alternates.map((a) => (
          <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
        ))}
        <meta property="og:site_name" content={head.siteName} />
        <meta property="og:type" content={head.ogType} />
        <meta property="og:title" content={head.title} />
        <meta property="og:description" content={head.description} />
        <meta property="og:url" content={head.canonical} />
        <meta property="og:locale" content={head.ogLocale} />
        {head.ogLocaleAlternates.map((l) => (
          <meta key={l} property="og:locale:alternate" content={l} />
        ))}
        {head.image ? <ShareImage image={head.image} /> : null}
        <meta name="twitter:card" content={head.image ? 'summary_large_image' : 'summary'} />
        <meta name="theme-color" content="#0e0f12" />
        <link rel="icon" href="/images/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
        <link rel="expect" href={`#${PAGE_END}`} blocking="render" />
        {fontSheet ? null : <link rel="preload" href={MANIFEST.brandFont} as="font" type="font/woff2" crossOrigin="" />}
        <link rel="stylesheet" href={MANIFEST.css} />
        {fontSheet ? <link rel="stylesheet" href={fontSheet} /> : null}
        {/* Allowed by its hash (the CSP), so the page carries no per-response value and a cached copy serves every visitor. */}
        <script dangerouslySetInnerHTML={{ __html: MANIFEST.boot }} />
        {vendors.map((src) => (
          <script key={src} async src={src} />
        ))}
        {head.jsonLd?.map((json, i) => (
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
        ))}
      </head>
      <body>
        {children}
        <div id={PAGE_END} hidden />
      </body>
    </html>
  );
}
