/** dist/manifest.json, as far as page weight reads it. */
export interface Manifest {
  hydrate: string;
  islands: Record<string, string[]>;
}
/** Files of dist/client and their bytes, raw and gzip -9. */
export type Files = { files: string[]; raw: number; gzip: number };
/** What a page makes a new visitor download: scripts on other hosts are listed (`elsewhere`), not sized; `inlineScript` is raw bytes. */
export interface PageWeight {
  islands: string[];
  html: { raw: number; gzip: number };
  js: Files & { elsewhere: string[] };
  inlineScript: number;
  css: Files;
}
/** Bytes after gzip at level 9. */
export declare function gzipSize(bytes: Buffer | string): number;
/** A page's weight for a new visitor (for a member with `member: true`), from its HTML and the client manifest. */
export declare function pageWeight(html: string, manifest: Manifest, options?: { client?: string; member?: boolean }): PageWeight;
