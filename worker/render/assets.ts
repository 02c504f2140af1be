import manifest from '../../dist/manifest.json';

/** What the client build produced (scripts/build/build.mjs writes dist/manifest.json). */
interface ClientManifest {
  /** The inline boot script, minified. */
  boot: string;
  /** Its CSP hash source (`sha256-…`), which allows it on every page without a nonce. */
  bootHash: string;
  /** The hydration entry module, which the boot lines load once a page's first island is needed. */
  hydrate: string;
  /** The one React module (react, react-dom, the JSX runtime; production builds). */
  react: string;
  /** Every module a page with the island downloads: the hydration entry, the island's chunk, shared chunks, React. */
  islands: Record<string, string[]>;
  /** Each island's own module, which its marker names for the hydration entry to import. */
  sources: Record<string, string>;
  /** The site stylesheet. */
  css: string;
  /** Each CJK language's font faces (unicode-range slices), by primary language subtag: linked by that language's pages only. */
  fontSheets: Record<string, string>;
  /** The brand face's Latin file: what a Latin page's first view draws its text with, so it is preloaded there. */
  brandFont: string;
}

export const MANIFEST: ClientManifest = manifest;

/**
 * The folders the static assets answer from (the build's `assets/`, and client/static's own):
 * a request under one of them that reaches the worker is for a file that does not exist.
 * tests/commands/static-headers.test.ts checks the list against client/static.
 */
export const STATIC_FOLDERS = ['assets', 'images', 'manuals', 'media'] as const;
