#!/usr/bin/env node
// Builds what the worker serves and reads: the locale index (locales/index.generated.ts),
// hashed client assets (dist/client), the client manifest with the inline boot script
// (dist/manifest.json), the validated content bundles for KV (dist/bundles), and the share
// pictures (dist/share.json, dist/client/images/share). Fails,
// naming the region and field, on invalid content.
import { build } from 'esbuild';
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pruneFontSheets } from './font-sheets.mjs';
import { buildIslands } from './islands.mjs';
import { root } from '../local/worker.mjs';
import { stamp } from './inputs.mjs';
import { writeLocaleIndex } from './locale-index.mjs';

const dist = join(root, 'dist');
const out = join(dist, 'client');
const assets = join(out, 'assets');

rmSync(dist, { recursive: true, force: true });
mkdirSync(assets, { recursive: true });

// 0. The locale index from the folders of locales/, before anything bundles the worker's code
// (scripts/build/locale-index.mjs): a JSON file added or removed there is picked up here.
if (await writeLocaleIndex(root)) console.log('build: wrote locales/index.generated.ts from the folders of locales/');

// 1. The inline boot lines. ES2020, like the islands: a browser that cannot parse it gets
// the page as it is without JavaScript.
const boot = await build({
  entryPoints: [join(root, 'client/runtime/boot.ts')],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  // Not tsconfig.json's `strict`, which would prefix "use strict": 13 bytes in every page.
  tsconfigRaw: {},
  write: false,
});
const bootJs = boot.outputFiles[0].text.trim();
// The CSP allows the boot lines by this hash, not by a per-response nonce, so a cached page's
// body is the same for every visitor (docs/decisions/0025-page-body-same-for-every-visitor.md).
const bootHash = `sha256-${createHash('sha256').update(bootJs).digest('base64')}`;

// 2. Islands and React: the hydration entry, a chunk per island, one React module.
const { hydrate, react, islands, sources, files } = await buildIslands({ root, out });

// 3. Styles: site.css's @imports inlined in their order (the cascade's), one file, with the
// brand typeface's faces (client/styles/fonts.css). Each CJK language's faces are a sheet of
// their own, linked only by that language's pages (FONT_SHEETS): Fontsource's hundred or so
// unicode-range slices apiece, cut in step 5b to those the editions' text uses; a page
// downloads the few its own text uses. Font files keep hashed names.
const FONT_SHEETS = {
  zh: '@fontsource-variable/noto-sans-sc/wght.css',
  ja: '@fontsource-variable/noto-sans-jp/wght.css',
  ko: '@fontsource-variable/noto-sans-kr/wght.css',
};
/**
 * Fontsource's faces say `font-display: swap`: a face that arrives after the first paint lays
 * the whole page out again, a 300–480 ms task on Lighthouse's throttled phone. The brand face's
 * `optional` draws with it only if it is there by the first paint (the preloaded file often is,
 * a cached one always), else with the stack's next face for that page view: no Latin page is
 * laid out twice (decision 0034). The CJK faces keep `swap`: they come after the device's own
 * face in their stacks (tokens.css) and draw only where it has none, where the next face is
 * nothing but blank boxes (decision 0060).
 */
const optionalFaces = {
  name: 'optional-faces',
  setup(b) {
    b.onLoad({ filter: /@fontsource-variable[\\/]sora[\\/].*\.css$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll('font-display: swap', 'font-display: optional'),
      loader: 'css',
      resolveDir: dirname(args.path),
    }));
  },
};
/**
 * The device's own copy of Noto Sans CJK, by the full and PostScript names `local()` matches,
 * before the site's file in every CJK face: a device whose copy the stack's family names do not
 * reach (Android's is a nameless fallback there) draws with it at once, and neither downloads
 * nor swaps (decision 0060). Its regular weight serves every weight, bold synthesized, as the
 * device's own fallback draws it.
 */
const LOCAL_COPIES = {
  'noto-sans-sc': ['Noto Sans CJK SC', 'NotoSansCJKsc-Regular'],
  'noto-sans-jp': ['Noto Sans CJK JP', 'NotoSansCJKjp-Regular'],
  'noto-sans-kr': ['Noto Sans CJK KR', 'NotoSansCJKkr-Regular'],
};
const localCopies = {
  name: 'local-copies',
  setup(b) {
    b.onLoad({ filter: /@fontsource-variable[\\/]noto-sans-(sc|jp|kr)[\\/].*\.css$/ }, (args) => {
      const names = LOCAL_COPIES[/noto-sans-(sc|jp|kr)/.exec(args.path)[0]];
      const local = names.map((name) => `local("${name}")`).join(', ');
      return { contents: readFileSync(args.path, 'utf8').replaceAll('src: url(', `src: ${local}, url(`), loader: 'css', resolveDir: dirname(args.path) };
    });
  },
};
const css = await build({
  entryPoints: {
    site: join(root, 'client/styles/site.css'),
    ...Object.fromEntries(Object.entries(FONT_SHEETS).map(([lang, sheet]) => [`fonts-${lang}`, join(root, 'node_modules', sheet)])),
  },
  bundle: true,
  minify: true,
  outdir: assets,
  entryNames: '[name]-[hash]',
  assetNames: 'fonts/[name]-[hash]',
  loader: { '.woff2': 'file' },
  plugins: [optionalFaces, localCopies],
  metafile: true,
});
const urlOf = (file) => `/${relative(out, join(root, file)).split('\\').join('/')}`;
const outputs = Object.entries(css.metafile.outputs);
const sheetOf = (name) => urlOf(outputs.find(([f]) => f.endsWith('.css') && f.split('/').pop().startsWith(`${name}-`))[0]);
const cssUrl = sheetOf('site');
const fontSheets = Object.fromEntries(Object.keys(FONT_SHEETS).map((lang) => [lang, sheetOf(`fonts-${lang}`)]));
// The brand face a Latin page's first view uses, preloaded there (worker/render/document.tsx).
const brandFont = urlOf(outputs.find(([, o]) => Object.keys(o.inputs).some((i) => i.endsWith('sora-latin-wght-normal.woff2')))[0]);
// 4. Static files (images), and long caching for hashed assets.
cpSync(join(root, 'client/static'), out, { recursive: true });
// Static assets skip the worker: scripts/build/bundles.ts writes their `_headers` from the worker's
// own header policy (worker/render/security.ts), so the two cannot drift.

const manifest = { boot: bootJs, bootHash, hydrate, react, islands, sources, css: cssUrl, fontSheets, brandFont };
const writeManifest = () => writeFileSync(join(dist, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
writeManifest();

// 5. Content bundles, validated (scripts/build/bundles.ts throws naming region and field), and the
// static assets' _headers (HSTS only when DEPLOY_HTTPS=1, as `npm run deploy` sets).
execFileSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/build/bundles.ts')], { stdio: 'inherit' });

// 5b. Each CJK sheet cut to the faces its editions' text can use (scripts/build/font-sheets.mjs),
// renamed by its new content; font files no sheet names any more are not shipped.
manifest.fontSheets = pruneFontSheets({ client: out, bundles: join(dist, 'bundles'), fontSheets });
const named = new Set();
for (const sheet of readdirSync(assets).filter((name) => name.endsWith('.css')))
  for (const [, file] of readFileSync(join(assets, sheet), 'utf8').matchAll(/url\("?\.\/fonts\/([^")]+)"?\)/g)) named.add(file);
for (const file of readdirSync(join(assets, 'fonts'))) if (!named.has(file)) rmSync(join(assets, 'fonts', file));
writeManifest();

// 6. Pictures (scripts/build/pictures.ts): each product's and campaign's share picture in each
// language (dist/share.json says which page uses which), and the photographs' widths and
// formats. Rendered pictures are kept in the user's cache folder, so an unchanged build renders none.
execFileSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/build/pictures.ts')], { stdio: 'inherit' });

console.log(`build: boot ${Buffer.byteLength(bootJs)} B inline; ${files} client modules, islands ${Object.keys(islands).join(', ')}; bundles in dist/bundles`);
// 7. What it was built from, so the fast loop can skip a build when nothing changed (inputs.mjs).
await stamp();
