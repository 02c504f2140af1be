// The architecture, checked by `npm run lint` (docs/style.md, "Layout that shows the architecture").
//
// worker/ is layered: a folder may import the folders before it in LAYERS, never one after
// it, so no two folders import each other. The last two, pages/ (views and their no-JS form
// actions) and api/ (the JSON envelope), are siblings: both stand on post/ (the one POST
// pipeline) and below, and never import each other. Files at the top of worker/ (env, host,
// cache, html) are shared leaves: they import no folder. content/ and locales/ are data and
// schemas and know no code of ours; kernel/ is the code both the browser and the worker run,
// and knows nothing of either; client/ runs in the browser and never imports worker/, and
// worker/ never imports the browser's runtime (client/runtime/).

/** worker/ folders, lowest first. */
const LAYERS = ['edition', 'clock', 'bundle', 'records', 'account', 'render', 'context', 'head', 'post', 'pages', 'api'];

const folder = (name) => `^worker/${name}/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...LAYERS.map((name, i) => ({
      name: `layer-${name}`,
      comment: `worker/${name}/ may import only ${LAYERS.slice(0, i).join(', ') || 'no other folder of worker/'} (lower layers)`,
      severity: 'error',
      from: { path: folder(name) },
      to: { path: `^worker/(${LAYERS.slice(i + 1).join('|')})/` },
    })),
    {
      name: 'api-and-pages-are-siblings',
      comment:
        'worker/api/ answers the JSON envelope and worker/pages/ answers pages (with their form actions): neither imports the other; index.ts routes a path both answer',
      severity: 'error',
      from: { path: '^worker/(api|pages)/' },
      to: { path: '^worker/(api|pages)/', pathNot: '^worker/$1/' },
    },
    {
      name: 'render-is-a-leaf',
      comment:
        'worker/render/ holds primitives (document, stream, island marker, security headers, assets): it imports no other folder of worker/ but the head types it writes',
      severity: 'error',
      from: { path: '^worker/render/' },
      to: { path: '^worker/(edition|clock|bundle|records|account|context)/' },
    },
    {
      name: 'worker-files-are-leaves',
      comment: 'worker/env.ts, host.ts, cache.ts and html.ts are shared by every folder, so they import none',
      severity: 'error',
      from: { path: '^worker/[^/]+\\.ts$', pathNot: '^worker/index\\.ts$' },
      to: { path: '^worker/[^/]+/' },
    },
    {
      name: 'content-is-data',
      comment:
        'content/ and locales/ are data and schemas: they import nothing of ours but each other (not even kernel/, which reads them), only packages (zod)',
      severity: 'error',
      from: { path: '^(content|locales)/' },
      to: { pathNot: '^(content|locales|node_modules)/' },
    },
    {
      name: 'kernel-is-shared',
      comment:
        'kernel/ is code both the browser and the worker run: it imports nothing but itself, content/ data, locales/ and packages (no worker/, client/, node: or cloudflare: module)',
      severity: 'error',
      from: { path: '^kernel/' },
      to: { pathNot: '^(kernel|content|locales|node_modules)/' },
    },
    {
      name: 'client-never-imports-worker',
      comment: 'client/ runs in the browser',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^(worker|scripts|tests)/' },
    },
    {
      name: 'worker-never-imports-client-runtime',
      comment:
        'client/runtime/ is browser code (storage, fetch, the DOM): what the worker shares with it lives in kernel/. (The worker renders islands, client/islands/, which use the runtime in effects only.)',
      severity: 'error',
      from: { path: '^worker/' },
      to: { path: '^client/runtime/' },
    },
    {
      name: 'no-circular',
      comment: 'modules import each other round in a circle',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
