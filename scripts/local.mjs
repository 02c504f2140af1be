// The local site. `startWorker` serves the worker with fresh state for the browser tests, the
// benchmark, the load test and Lighthouse: as `wrangler deploy` bundles it, on workerd through
// Miniflare, or through `wrangler dev` (the load test, decision 0010); `npm start` runs
// `startWranglerDev` on wrangler's own state. `get` fetches from any of them, with any
// *.localhost Host.
import { Buffer } from 'node:buffer';
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, createWriteStream, existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const wrangler = join(root, 'node_modules/wrangler/bin/wrangler.js');
/** The D1 bindings: subscriptions in DB; member and support records in one database per API group. */
export const DATABASES = ['DB', 'ACCOUNTS_US', 'ACCOUNTS_EU', 'ACCOUNTS_CN'];

/**
 * The environment wrangler runs in. wrangler bundles React's development build for `dev`
 * (NODE_ENV unset) and the production build for `deploy`, unless NODE_ENV says which.
 */
export function wranglerEnv({ production = false } = {}) {
  return { ...process.env, WRANGLER_SEND_METRICS: 'false', NODE_ENV: production ? 'production' : 'development' };
}

/**
 * Migrates every D1 database and puts the built content bundles into KV, in `persistTo` or
 * wrangler's own state directory; builds dist/ first when it is missing.
 */
export function seed({ persistTo, stdio = 'pipe' } = {}) {
  if (!existsSync(join(root, 'dist/bundles/kv.json'))) execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  const persist = persistTo ? ['--persist-to', persistTo] : [];
  // CI=true: wrangler asks nothing before applying migrations.
  const run = (...args) =>
    execFileSync(process.execPath, [wrangler, ...args, '--local', ...persist], { cwd: root, env: { ...wranglerEnv(), CI: 'true' }, stdio });
  for (const db of DATABASES) run('d1', 'migrations', 'apply', db);
  run('kv', 'bulk', 'put', 'dist/bundles/kv.json', '--binding', 'CONTENT');
}

// Every *.localhost name is this machine (RFC 6761), as browsers treat it; Node's resolver
// does not know cn.localhost, so `get` resolves those names here.
const loopback = (_host, options, callback) => (options.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4));

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
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw });
      });
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${url}: no answer in 30 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Ctrl-C or a TERM exits this process, so its 'exit' handlers stop the worker and remove its state. */
const exitOnSignals = () => {
  for (const signal of ['SIGINT', 'SIGTERM']) if (process.listenerCount(signal) === 0) process.once(signal, () => process.exit(130));
};

/** A TCP port nobody listens on right now: the one the system picks for port 0. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs `wrangler dev` on `port` (state in `persistTo`, else wrangler's own directory) and
 * resolves once it answers; its output goes to the file `log`, to the terminal ('inherit'),
 * or nowhere. `production`: React's production build (see `wranglerEnv`).
 */
export async function startWranglerDev({ port, persistTo, production = false, log }) {
  const args = ['dev', '--port', String(port), '--ip', '127.0.0.1', '--var', 'ENVIRONMENT:local', '--show-interactive-dev-session=false'];
  // Into a file, warnings only: a line per request costs the load test's server its CPU.
  args.push('--log-level', log === 'inherit' ? 'info' : 'warn', ...(persistTo ? ['--persist-to', persistTo] : []));
  const output = log === 'inherit' ? 'inherit' : log ? openSync(log, 'w') : 'ignore';
  // Detached: its own process group, so stopping the group stops workerd too.
  const child = spawn(process.execPath, [wrangler, ...args], {
    cwd: root,
    env: wranglerEnv({ production }),
    stdio: ['ignore', output, output],
    detached: true,
  });
  if (typeof output === 'number') closeSync(output);
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.once('exit', stop);
  exitOnSignals();
  const worker = { port, child, origin: `http://localhost:${port}`, china: `http://cn.localhost:${port}` };
  for (const deadline = Date.now() + 90_000; (await get(`${worker.origin}/ssr/timestamp`).catch(() => null))?.status !== 200; await sleep(250)) {
    if (child.exitCode === null && Date.now() < deadline) continue;
    stop();
    const why = child.exitCode === null ? 'did not answer within 90 s' : `exited with ${child.exitCode}`;
    throw new Error(`wrangler dev ${why}${log && log !== 'inherit' ? `: its output is in ${log}` : ''}`);
  }
  return {
    ...worker,
    /** Stops wrangler dev and waits for it to exit (10 s at most). */
    async close() {
      process.removeListener('exit', stop);
      const exited = child.exitCode === null && child.signalCode === null && new Promise((resolve) => child.once('exit', resolve));
      stop();
      await Promise.race([exited, sleep(10_000, null, { ref: false })]);
    },
  };
}

/**
 * Starts the worker on a free port (or `port`) with D1 migrated and KV seeded in a temporary
 * directory removed on close, and resolves once it answers: the bundle
 * `wrangler deploy --dry-run` writes (React's production build), on workerd through Miniflare
 * with wrangler.toml's bindings; or, with `wranglerDev`, the same build through `wrangler dev`,
 * whose proxy is a second workerd hop that re-gzips every encoded body and caps every route
 * near 1,000 req/s here (decisions 0010, 0020). Output goes to the file `log`, or nowhere.
 */
export async function startWorker({ port = 0, log, wranglerDev = false } = {}) {
  const persistTo = mkdtempSync(join(tmpdir(), 'storefront-'));
  const removeState = () => rmSync(persistTo, { recursive: true, force: true });
  process.once('exit', removeState);
  exitOnSignals();
  seed({ persistTo });
  if (wranglerDev) {
    const worker = await startWranglerDev({ port: port || (await freePort()), persistTo, production: true, log });
    return { ...worker, close: () => worker.close().then(removeState) };
  }
  const outdir = join(persistTo, 'worker');
  execFileSync(process.execPath, [wrangler, 'deploy', '--dry-run', '--outdir', outdir], { cwd: root, env: wranglerEnv({ production: true }), stdio: 'pipe' });
  const { unstable_getMiniflareWorkerOptions } = await import('wrangler');
  const { Miniflare } = await import('miniflare');
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(root, 'wrangler.toml'));
  const mf = new Miniflare({
    ...workerOptions,
    modulesRoot: outdir,
    modules: [{ type: 'ESModule', path: join(outdir, 'index.js') }],
    bindings: { ...workerOptions.bindings, ENVIRONMENT: 'local' },
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
  const listening = Number((await mf.ready).port);
  return {
    port: listening,
    origin: `http://localhost:${listening}`,
    china: `http://cn.localhost:${listening}`,
    /** Stops workerd and removes the worker's state. */
    async close() {
      await mf.dispose();
      process.removeListener('exit', removeState);
      removeState();
    },
  };
}
