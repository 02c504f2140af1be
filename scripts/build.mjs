#!/usr/bin/env node
// Builds what the worker serves and reads: hashed client assets (dist/client), the client
// manifest with the inline boot script (dist/manifest.json), and the validated content
// bundles for KV (dist/bundles). Fails, naming the region and field, on invalid content.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const out = join(dist, 'client');
const assets = join(out, 'assets');

rmSync(dist, { recursive: true, force: true });
mkdirSync(assets, { recursive: true });

// 1. The inline boot lines.
const boot = await build({
  entryPoints: [join(root, 'client/runtime/boot.ts')],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2019',
  write: false,
});
const bootJs = boot.outputFiles[0].text.trim();

// 2. Hydration entry and islands: ES modules, split so the runtime is one shared chunk.
// Islands are written against React's API; in the browser that API is Preact's compat
// layer (about 11 kB gzip instead of React DOM's 63 kB), so the heaviest page stays under
// the 60 kB JavaScript budget. The server still renders with React 19. See
// docs/decisions/0007-preact-client-runtime.md.
const client = await build({
  alias: {
    react: 'preact/compat',
    'react-dom': 'preact/compat',
    'react-dom/client': 'preact/compat/client',
    'react/jsx-runtime': 'preact/jsx-runtime',
  },
  entryPoints: { hydrate: join(root, 'client/runtime/hydrate.ts') },
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  target: 'es2020',
  jsx: 'automatic',
  outdir: assets,
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  metafile: true,
  legalComments: 'none',
});

const url = (file) => `/${relative(out, join(root, file)).split('\\').join('/')}`;
const outputs = client.metafile.outputs;
const byEntry = new Map(
  Object.entries(outputs)
    .filter(([, o]) => o.entryPoint)
    .map(([file, o]) => [o.entryPoint, file]),
);
const closure = (file, seen = new Set()) => {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imp of outputs[file].imports) if (imp.kind === 'import-statement') closure(imp.path, seen);
  return seen;
};

const registry = readFileSync(join(root, 'client/islands/registry.ts'), 'utf8');
const islands = {};
for (const [, quoted, bare, source] of registry.matchAll(/(?:'([\w-]+)'|(\w+)):\s*\(\)\s*=>\s*import\('\.\/([\w-]+)'\)/g)) {
  const name = quoted ?? bare;
  const entry = `client/islands/${source}.tsx`;
  const file = byEntry.get(entry);
  if (!file) throw new Error(`build: island "${name}" (${entry}) produced no chunk`);
  islands[name] = [...closure(file)];
}
// The hydration entry's own static imports load with any island: preload them beside it.
const hydrateFile = byEntry.get('client/runtime/hydrate.ts');
const hydrateDeps = [...closure(hydrateFile)].filter((f) => f !== hydrateFile);
for (const name of Object.keys(islands)) islands[name] = [...new Set([...islands[name], ...hydrateDeps])].map(url);

// 3. Styles.
const css = await build({
  entryPoints: { site: join(root, 'client/styles/site.css') },
  bundle: true,
  minify: true,
  outdir: assets,
  entryNames: '[name]-[hash]',
  metafile: true,
});
const cssFile = Object.keys(css.metafile.outputs).find((f) => f.endsWith('.css'));

// 4. Static files (images), and long caching for hashed assets.
cpSync(join(root, 'client/static'), out, { recursive: true });
// Static assets skip the worker, so their security headers (ASVS 5.0 §3.4) are set here; an
// SVG opened on its own may run nothing.
const assetHeaders = [
  '/*',
  '  X-Content-Type-Options: nosniff',
  '  Referrer-Policy: strict-origin-when-cross-origin',
  '  X-Frame-Options: DENY',
  '  Cross-Origin-Resource-Policy: same-site',
  '  Strict-Transport-Security: max-age=63072000; includeSubDomains; preload',
  '/assets/*',
  '  Cache-Control: public, max-age=31536000, immutable',
  '/images/*',
  '  Cache-Control: public, max-age=86400',
  "  Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
];
writeFileSync(join(out, '_headers'), `${assetHeaders.join('\n')}\n`);

const manifest = { boot: bootJs, hydrate: url(hydrateFile), islands, css: url(cssFile) };
writeFileSync(join(dist, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

// 5. Content bundles, validated (scripts/bundles.ts throws naming region and field).
execFileSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/bundles.ts')], { stdio: 'inherit' });

console.log(`build: client ${Object.keys(outputs).length} modules, islands ${Object.keys(islands).join(', ')}; bundles in dist/bundles`);
