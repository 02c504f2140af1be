/** dist/manifest.json, as far as page weight reads it. */
export interface Manifest {
  hydrate: string;
  islands: Record<string, string[]>;
  css?: string;
}
/** Some files of dist/client and their bytes. */
export interface Files {
  files: string[];
  raw: number;
  gzip: number;
}
/** What a page makes a new visitor download. */
export interface PageWeight {
  /** Island names the page marks (`data-island`). */
  islands: string[];
  html: { raw: number; gzip: number };
  /** Script files, and those on other hosts (listed, not sized). */
  js: Files & { elsewhere: string[] };
  /** Executable inline script, raw bytes. */
  inlineScript: number;
  css: Files;
}
/** Bytes after gzip at level 9. */
export declare function gzipSize(bytes: Buffer | string): number;
/** A page's weight for a new visitor, from its HTML and the client manifest. */
export declare function pageWeight(html: string, manifest: Manifest, options?: { client?: string }): PageWeight;
