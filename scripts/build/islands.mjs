// The browser side of the islands, for scripts/build/build.mjs: the hydration entry, one chunk per
// island, and React as ONE long-cached module (docs/decisions/0009-react-islands.md). Fails
// with a clear message when client/islands/ and kernel/islands.ts disagree.
import { build } from 'esbuild';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { tsImport } from 'tsx/esm/api';

/** React's packages the islands may import, and the production build each stands for. */
const REACT_MODULES = {
  react: 'react/cjs/react.production.js',
  'react/jsx-runtime': 'react/cjs/react-jsx-runtime.production.js',
  'react-dom': 'react-dom/cjs/react-dom.production.js',
  'react-dom/client': 'react-dom/cjs/react-dom-client.production.js',
};

/** V8's explicit compile hint: compile every function of the file eagerly, off the main thread. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

const common = { bundle: true, format: 'esm', minify: true, target: 'es2020', metafile: true, legalComments: 'none' };
const production = { 'process.env.NODE_ENV': '"production"' };

/** The island names: the .tsx files of client/islands/, checked against kernel/islands.ts. */
async function islandNames(root) {
  const { ISLAND_NAMES } = await tsImport('../../kernel/islands.ts', import.meta.url);
  const found = readdirSync(join(root, 'client/islands'))
    .filter((f) => f.endsWith('.tsx'))
    .map((f) => f.slice(0, -'.tsx'.length));
  const missing = ISLAND_NAMES.filter((n) => !found.includes(n)).map((n) => `client/islands/${n}.tsx`);
  const extra = found.filter((n) => !ISLAND_NAMES.includes(n)).map((n) => `client/islands/${n}.tsx`);
  if (missing.length || extra.length) {
    throw new Error(
      `build: client/islands/ and ISLAND_NAMES in kernel/islands.ts differ:${missing.length ? ` missing ${missing.join(', ')};` : ''}${extra.length ? ` not in ISLAND_NAMES: ${extra.join(', ')};` : ''} an island is a name in kernel/islands.ts and a file client/islands/<name>.tsx whose default export is its component`,
    );
  }
  return ISLAND_NAMES;
}

/**
 * React (react, react-dom, the JSX runtime; production builds) as one module re-exporting
 * every name of those packages, so no island chunk and no hydration entry carries a copy and
 * island changes never change its hash. Resolves with its file and export names.
 * It opens with V8's compile hint `allFunctionsCalledOnLoad`: React DOM is one CommonJS
 * function, which V8 would otherwise compile lazily on the main thread when it first runs
 * (a 200 ms task on Lighthouse's phone); with the hint Chromium compiles it while the file
 * streams in, off the main thread (docs/decisions/0009-react-islands.md).
 */
async function buildReact(root, outdir) {
  const names = new Map(); // export name -> package; the first wins (`version`, `Fragment`)
  for (const [pkg, file] of Object.entries(REACT_MODULES)) {
    for (const [, name] of readFileSync(join(root, 'node_modules', file), 'utf8').matchAll(/^exports\.(\w+)\s*=/gm)) if (!names.has(name)) names.set(name, pkg);
  }
  const exportsOf = (pkg) => [...names].filter(([, p]) => p === pkg).map(([n]) => n);
  // `import *` and one destructuring per package, not `export { … } from`: esbuild keeps a
  // re-export's generated `export_<name>` variables unminified (some 2 kB of glue).
  const contents = Object.keys(REACT_MODULES)
    .map((pkg, i) => `import * as m${i} from '${pkg}';\nexport const { ${exportsOf(pkg).join(', ')} } = m${i};`)
    .join('\n');
  const result = await build({
    ...common,
    stdin: { contents, resolveDir: root, sourcefile: 'react.js' },
    outdir,
    entryNames: 'react-[hash]',
    define: production,
    banner: { js: COMPILE_HINT },
  });
  return { file: Object.keys(result.metafile.outputs)[0], names };
}

/**
 * Builds the hydration entry and the islands into `<out>/assets`; resolves with the URLs
 * of the hydration entry and React, and per island its own module (`sources`) and every
 * module a page with it downloads (`islands`).
 */
export async function buildIslands({ root, out }) {
  const outdir = join(out, 'assets');
  const url = (file) => (file.startsWith('/') ? file : `/${relative(out, join(root, file)).split('\\').join('/')}`);
  const names = await islandNames(root);
  const react = await buildReact(root, outdir);
  const reactUrl = url(react.file);

  const client = await build({
    ...common,
    // The hydration entry, and each island as an entry of its own: the marker names the
    // island's module (`data-island-src`), so the hydration entry carries no list of them.
    entryPoints: { hydrate: join(root, 'client/runtime/hydrate.ts'), ...Object.fromEntries(names.map((name) => [name, join(root, `client/islands/${name}.tsx`)])) },
    splitting: true,
    jsx: 'automatic',
    outdir,
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    define: production,
    plugins: [
      {
        name: 'react-by-url',
        setup(b) {
          b.onResolve({ filter: new RegExp(`^(${Object.keys(REACT_MODULES).join('|')})$`) }, () => ({ path: reactUrl, external: true }));
        },
      },
    ],
  });
  const outputs = client.metafile.outputs;

  // An island importing a name React does not export would fail only in the browser: fail here.
  const importsFromReact = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*"${reactUrl}"`, 'g');
  for (const file of Object.keys(outputs)) {
    for (const [, list] of readFileSync(join(root, file), 'utf8').matchAll(importsFromReact)) {
      const unknown = list
        .split(',')
        .map((n) => n.trim().split(/\s+as\s+/)[0])
        .filter((n) => n && !react.names.has(n));
      if (unknown.length) throw new Error(`build: ${file} imports ${unknown.join(', ')} from React, whose production build does not export it`);
    }
  }

  const byEntry = new Map(
    Object.entries(outputs)
      .filter(([, o]) => o.entryPoint)
      .map(([file, o]) => [o.entryPoint, file]),
  );
  // A chunk and its static imports, transitively; React (external, by URL) included.
  const closure = (file, seen = new Set()) => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imp of outputs[file]?.imports ?? []) if (imp.kind === 'import-statement' || imp.path === reactUrl) closure(imp.path, seen);
    return seen;
  };
  const hydrateFile = byEntry.get('client/runtime/hydrate.ts');
  const islands = {};
  const sources = {};
  for (const name of names) {
    const entry = `client/islands/${name}.tsx`;
    const file = byEntry.get(entry);
    if (!file || !outputs[file].exports.includes('default')) throw new Error(`build: island "${name}" (${entry}) has no default export: its component`);
    sources[name] = url(file);
    // The hydration entry, the island's module, their shared chunks and React.
    islands[name] = [...new Set([...closure(hydrateFile), ...closure(file), reactUrl])].map(url);
  }
  return { hydrate: url(hydrateFile), react: reactUrl, islands, sources, files: Object.keys(outputs).length + 1 };
}
