// The local site. `startWorker` serves the worker with fresh state for the browser tests, the
// benchmark, the load test and Lighthouse: the bundle `wrangler deploy` uploads, on workerd
// through Miniflare, or behind wrangler's dev server (the load test, decision 0022). `seed`
// prepares `npm start`'s state too. `get` fetches from any of them, with any *.localhost Host.
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const wrangler = join(root, 'node_modules/wrangler/bin/wrangler.js');
/** The D1 bindings: subscriptions in DB; member and support records in one database per API group. */
const DATABASES = ['DB', 'ACCOUNTS_US', 'ACCOUNTS_EU', 'ACCOUNTS_CN'];

/** The environment the wrangler command runs in: no metrics; React's production build, as deployed. */
const wranglerEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', NODE_ENV: 'production' };

/**
 * Migrates every D1 database and puts the built content bundles into KV, in `persistTo` or
 * wrangler's own state directory; builds dist/ first when it is missing.
 */
export function seed({ persistTo, stdio = 'pipe' } = {}) {
  if (!existsSync(join(root, 'dist/bundles/kv.json'))) execFileSync(process.execPath, [join(root, 'scripts/build/build.mjs')], { stdio: 'inherit' });
  const persist = persistTo ? ['--persist-to', persistTo] : [];
  // CI=true: wrangler asks nothing before applying migrations.
  const run = (...args) =>
    execFileSync(process.execPath, [wrangler, ...args, '--local', ...persist], { cwd: root, env: { ...wranglerEnv, CI: 'true' }, stdio });
  for (const db of DATABASES) run('d1', 'migrations', 'apply', db);
  run('kv', 'bulk', 'put', 'dist/bundles/kv.json', '--binding', 'CONTENT');
}

// Every *.localhost name is this machine (RFC 6761), as browsers treat it; Node's resolver
// does not know cn.localhost, so `get` resolves those names here.
const loopback = (_host, options, callback) => (options.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4));

/** A socket's late error, once the request that used it has its answer: nothing to do. */
const heard = () => {};

/**
 * Sends one request (GET unless `method` says otherwise) without following redirects; the body
 * is read whole, and ungzipped when it came gzipped (the runtime tells every worker that the
 * client accepts gzip, as Cloudflare does, so cached pages come gzipped to any client).
 */
export function get(url, { method = 'GET', headers = {}, body } = {}) {
  const local = /^(.+\.)?localhost$/.test(new URL(url).hostname);
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, lookup: local ? loopback : undefined }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        // A body cut off mid-stream does not ungzip: the caller hears of it, the process goes on.
        try {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw });
        } catch (error) {
          reject(error);
        }
      });
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${url}: no answer in 30 s`)));
    req.on('error', reject);
    // A server that answers a large body early (413) and resets while it is still being written
    // makes the socket emit 'error' after the request let go of it: heard here, never a crash
    // (the request has its answer, or its own 'error' above).
    req.on('socket', (socket) => socket.listeners('error').includes(heard) || socket.on('error', heard));
    req.end(body);
  });
}

/**
 * Runs SQL on a local D1 database of a worker's state (`persistTo`, as `startWorker`'s `prepare`
 * hands it), through wrangler: the rows of the first statement.
 */
export function queryLocalD1(persistTo, database, sql) {
  const out = execFileSync(process.execPath, [wrangler, 'd1', 'execute', database, '--local', '--persist-to', persistTo, '--json', '--command', sql], {
    cwd: root,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(out)[0].results;
}

/** Ctrl-C or a TERM exits this process, so its 'exit' handlers remove the worker's state. */
const exitOnSignals = () => {
  for (const signal of ['SIGINT', 'SIGTERM']) if (process.listenerCount(signal) === 0) process.once(signal, () => process.exit(130));
};

/**
 * Writes the bundle `wrangler deploy` uploads into `outdir` (its entry is index.js): React's
 * production build, as deployed.
 */
export function bundleWorker(outdir) {
  execFileSync(process.execPath, [wrangler, 'deploy', '--dry-run', '--outdir', outdir], { cwd: root, env: wranglerEnv, stdio: 'pipe' });
}

/**
 * Serves the bundle `entrypoint` behind wrangler's dev server, in this process (wrangler's
 * `unstable_startWorker`, what `wrangler dev` runs), with wrangler.toml's bindings, state in
 * `persistTo`, on `port` (0: a free one). It prints little (`logLevel: 'none'`); with `log`,
 * wrangler writes its whole log to that file (it reads the name once, when this process
 * first imports wrangler).
 */
async function startWranglerDev({ entrypoint, persistTo, port, log }) {
  if (log) process.env.WRANGLER_LOG_PATH = log;
  const { unstable_startWorker } = await import('wrangler');
  const dev = await unstable_startWorker({
    config: join(root, 'wrangler.toml'),
    entrypoint,
    // Without the production routes: with them, every request is rewritten to the first route's host.
    triggers: [],
    build: { bundle: false },
    bindings: { ENVIRONMENT: { type: 'plain_text', value: 'local' } },
    dev: { server: { hostname: '127.0.0.1', port }, persist: persistTo, logLevel: 'none', watch: false, inspector: false },
    sendMetrics: false,
  });
  await dev.ready;
  return { port: Number((await dev.url).port), close: () => dev.dispose() };
}

/**
 * A worker that does nothing but answer `html` as stored gzip bytes (the way the render cache
 * answers a hit), behind wrangler's dev server with static assets, as this worker and the React
 * Router peer are served (a router in front asks the assets first): what that server lets any
 * such worker reach with this page, the ceiling of a comparison made behind it (scripts/bench/bench.mjs).
 * @param {string} html
 */
export async function startBareWorker(html) {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-bare-'));
  const entrypoint = join(dir, 'bare.js');
  const assets = join(dir, 'assets');
  mkdirSync(assets);
  writeFileSync(join(assets, 'asset.txt'), 'an asset\n');
  writeFileSync(
    entrypoint,
    `const html = ${JSON.stringify(html)};
let gzip;
export default {
  async fetch() {
    gzip ??= await new Response(new Response(html).body.pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
    return new Response(gzip, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Encoding': 'gzip' }, encodeBody: 'manual' });
  },
};
`,
  );
  const { unstable_startWorker } = await import('wrangler');
  const dev = await unstable_startWorker({
    name: 'bare',
    entrypoint,
    compatibilityDate: '2026-04-01',
    assets,
    build: { bundle: false },
    dev: { server: { hostname: '127.0.0.1', port: 0 }, logLevel: 'none', watch: false, inspector: false },
    sendMetrics: false,
  });
  await dev.ready;
  const port = Number((await dev.url).port);
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      await dev.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Serves the bundle in `outdir` on workerd through Miniflare with wrangler.toml's bindings,
 * state in `persistTo`, on `port` (0: a free one); the runtime's output to the file `log`.
 */
async function startMiniflare({ outdir, persistTo, port, log, vars = {} }) {
  const { unstable_getMiniflareWorkerOptions } = await import('wrangler');
  const { Miniflare } = await import('miniflare');
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(root, 'wrangler.toml'));
  const mf = new Miniflare({
    ...workerOptions,
    modulesRoot: outdir,
    modules: [{ type: 'ESModule', path: join(outdir, 'index.js') }],
    bindings: { ...workerOptions.bindings, ENVIRONMENT: 'local', ...vars },
    defaultPersistRoot: join(persistTo, 'v3'),
    host: '127.0.0.1',
    port,
    handleRuntimeStdio: (stdout, stderr) => {
      const file = log ? createWriteStream(log) : undefined;
      for (const stream of [stdout, stderr]) {
        if (file) stream.pipe(file, { end: false });
        else stream.resume();
      }
    },
  });
  return { port: Number((await mf.ready).port), close: () => mf.dispose() };
}

/**
 * Starts the worker on a free port (or `port`) with D1 migrated and KV seeded in a temporary
 * directory removed on close, and resolves once it answers: the bundle `wrangler deploy`
 * uploads, on workerd through Miniflare with wrangler.toml's bindings; or, with `wranglerDev`,
 * the same bundle behind wrangler's dev server, whose proxy is a second workerd hop that
 * re-gzips every encoded body and caps every route near 1,000 req/s here (decision
 * 0022). The runtime's output goes to the file `log`, or nowhere. `prepare(persistTo)` runs
 * once the state is seeded, before the worker starts (a test pushes a schedule there with
 * `npm run ops -- schedule push --local --persist-to`). `vars` override wrangler.toml's
 * variables (Miniflare only): a browser test configures third-party scripts with them.
 * @param {{ port?: number, log?: string, wranglerDev?: boolean, prepare?: (persistTo: string) => void | Promise<void>, vars?: Record<string, string> }} [options]
 */
export async function startWorker({ port = 0, log, wranglerDev = false, prepare, vars } = {}) {
  const persistTo = mkdtempSync(join(tmpdir(), 'storefront-'));
  const removeState = () => rmSync(persistTo, { recursive: true, force: true });
  process.once('exit', removeState);
  exitOnSignals();
  seed({ persistTo });
  await prepare?.(persistTo);
  const outdir = join(persistTo, 'worker');
  bundleWorker(outdir);
  const server = wranglerDev
    ? await startWranglerDev({ entrypoint: join(outdir, 'index.js'), persistTo, port, log })
    : await startMiniflare({ outdir, persistTo, port, log, vars });
  return {
    port: server.port,
    origin: `http://localhost:${server.port}`,
    china: `http://cn.localhost:${server.port}`,
    /** Stops the server and removes the worker's state. */
    async close() {
      await server.close();
      process.removeListener('exit', removeState);
      removeState();
    },
  };
}
