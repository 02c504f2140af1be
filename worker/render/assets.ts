import manifest from '../../dist/manifest.json';

/** What the client build produced (scripts/build.mjs writes dist/manifest.json). */
export interface ClientManifest {
  /** The inline boot script, minified. */
  boot: string;
  /** The hydration entry module. */
  hydrate: string;
  /** Modules each island needs, its shared chunks included, for modulepreload. */
  islands: Record<string, string[]>;
  /** The site stylesheet. */
  css: string;
}

export const MANIFEST: ClientManifest = manifest;
