import type { ReactNode } from 'react';
import type { Head } from '../head/head';
import { MANIFEST } from './assets';

interface DocumentProps {
  head: Head;
  lang: string;
  region: string;
  /** Storage scope path of the edition, read by the client runtime. */
  scope: string;
  /** Base URL of the edition's API ('' is this origin), read by the client's API calls. */
  api: string;
  nonce: string;
  /** Islands on the page: only these scripts load; none at all when empty. */
  islands: readonly string[];
  /** Lazy islands: the boot lines load the hydration script only when one is wanted. */
  lazyIslands: readonly string[];
  /** Third-party scripts configured for this edition (async, nonce'd). */
  vendors: readonly string[];
  children: ReactNode;
}

/** The HTML document: head per DESIGN.md "Head and SEO", the inline boot lines, the body. */
export function Document({ head, lang, region, scope, api, nonce, islands, lazyIslands, vendors, children }: DocumentProps) {
  const preload = [...new Set(islands.flatMap((name) => MANIFEST.islands[name] ?? []))];
  return (
    <html
      lang={lang}
      className="no-js"
      data-region={region}
      data-scope={scope}
      data-api={api || undefined}
      data-hydrate={islands.length === 0 && lazyIslands.length > 0 ? MANIFEST.hydrate : undefined}
    >
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
        <meta property="og:title" content={head.title} />
        <meta property="og:description" content={head.description} />
        <meta property="og:url" content={head.canonical} />
        <meta name="theme-color" content="#111111" />
        <link rel="icon" href="/images/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={MANIFEST.css} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: MANIFEST.boot }} />
        {vendors.map((src) => (
          <script key={src} async src={src} nonce={nonce} />
        ))}
        {islands.length > 0 ? <script type="module" nonce={nonce} src={MANIFEST.hydrate} data-hydrate="" /> : null}
        {preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        {head.jsonLd ? <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: head.jsonLd }} /> : null}
      </head>
      <body>{children}</body>
    </html>
  );
}
