// The local site, one way for everyone: `npm start`, the browser tests' global setup, the
// benchmark, the load test and Lighthouse start the worker (`wrangler dev` on workerd) with
// `startWorker` and fetch from it with `get`.
import { Buffer } from 'node:buffer';
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, createWriteStream, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wrangler = join(root, 'node_modules/wrangler/bin/wrangler.js');

/**
 * The environment wrangler runs in. wrangler bundles React's development build for `dev`
 * (NODE_ENV unset) and the production build for `deploy`, unless NODE_ENV says which;
 * `production: true` makes `dev` serve the build that deploys, which the speed gates measure
 * (React's development JSX runtime alone costs some 70 ms a product page).
 */
export function wranglerEnv({ production = false } = {}) {
  return { ...process.env, WRANGLER_SEND_METRICS: 'false', NODE_ENV: production ? 'production' : 'development' };
}

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

/**
 * Starts the worker with `wrangler dev` on workerd and resolves once it answers (building
 * dist/ first when it is missing).
 * - `port`: a free one when absent. `fresh` (default): D1 migrated and KV seeded with the
 *   built bundles in a temporary directory removed on close; else in wrangler's own state dir.
 * - `production`: React's production build (see `wranglerEnv`).
 * - `log`: a file for wrangler's output, or 'inherit' (the terminal); dropped when absent.
 * - `direct`: the worker as `wrangler deploy` bundles it (production build), on workerd
 *   through Miniflare with wrangler.toml's bindings, without wrangler dev's proxy worker: that
 *   second workerd hop decodes and re-gzips every encoded body and caps every route near
 *   1,000 req/s here, so a benchmark through it measures the proxy (decision 0020).
 * The worker stops when this process exits, and Ctrl-C in a script exits it.
 */
export async function startWorker({ port, fresh = true, production = false, log, direct = false } = {}) {
  if (!existsSync(join(root, 'dist/bundles/kv.json'))) execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  port ??= await freePort();
  const persistTo = fresh || direct ? mkdtempSync(join(tmpdir(), 'storefront-')) : undefined;
  const persist = persistTo ? ['--persist-to', persistTo] : [];
  // CI=true: wrangler asks nothing before applying migrations.
  const env = { ...wranglerEnv(), CI: 'true' };
  const seed = (...args) =>
    execFileSync(process.execPath, [wrangler, ...args, '--local', ...persist], { cwd: root, env, stdio: log === 'inherit' ? 'inherit' : 'pipe' });
  // Subscriptions in DB; member and support records in one database per API group.
  for (const db of ['DB', 'ACCOUNTS_US', 'ACCOUNTS_EU', 'ACCOUNTS_CN']) seed('d1', 'migrations', 'apply', db);
  seed('kv', 'bulk', 'put', 'dist/bundles/kv.json', '--binding', 'CONTENT');
  if (direct) return startDirect(port, persistTo, log);
  const args = ['dev', '--port', String(port), '--ip', '127.0.0.1', '--var', 'ENVIRONMENT:local', '--show-interactive-dev-session=false'];
  args.push('--log-level', log === 'inherit' ? 'info' : 'warn', ...persist);
  const output = log === 'inherit' ? 'inherit' : log ? openSync(log, 'w') : 'ignore';
  // Detached: the worker is its own process group, so stopping the group stops workerd too.
  const child = spawn(process.execPath, [wrangler, ...args], {
    cwd: root,
    env: wranglerEnv({ production }),
    stdio: ['ignore', output, output],
    detached: true,
  });
  if (typeof output === 'number') closeSync(output);
  const terminate = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  const removeState = () => persistTo && rmSync(persistTo, { recursive: true, force: true });
  const stop = () => {
    terminate();
    removeState();
  };
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM']) if (process.listenerCount(signal) === 0) process.once(signal, () => process.exit(130));
  const worker = {
    port,
    child,
    origin: `http://localhost:${port}`,
    china: `http://cn.localhost:${port}`,
    /** Stops the worker, waits for it to exit (10 s at most) and removes its fresh state. */
    async close() {
      process.removeListener('exit', stop);
      const exited = child.exitCode === null && child.signalCode === null && new Promise((resolve) => child.once('exit', resolve));
      terminate();
      await Promise.race([exited, sleep(10_000, null, { ref: false })]);
      removeState();
    },
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && child.exitCode === null) {
    if ((await get(`${worker.origin}/ssr/timestamp`).catch(() => null))?.status === 200) return worker;
    await sleep(250);
  }
  await worker.close();
  const tail = log && log !== 'inherit' ? `\n${readFileSync(log, 'utf8').trim().split('\n').slice(-20).join('\n')}` : '';
  throw new Error(`wrangler dev ${child.exitCode === null ? 'did not answer within 90 s' : `exited with ${child.exitCode}`}${tail}`);
}

/** `startWorker`'s `direct` mode: the deployable bundle on Miniflare, state in `persistTo`, workerd's output to `log`. */
async function startDirect(port, persistTo, log) {
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
    // The worker's logs and workerd's own lines (a client that hung up, as wrk does at the end
    // of each run) go to `log`, as wrangler dev's do, never to the terminal.
    handleRuntimeStdio: (stdout, stderr) => {
      const file = log && log !== 'inherit' ? createWriteStream(log) : undefined;
      for (const stream of [stdout, stderr]) {
        if (file) stream.pipe(file, { end: false });
        else stream.resume();
      }
    },
  });
  await mf.ready;
  const removeState = () => rmSync(persistTo, { recursive: true, force: true });
  process.once('exit', removeState);
  return {
    port,
    origin: `http://localhost:${port}`,
    china: `http://cn.localhost:${port}`,
    async close() {
      await mf.dispose();
      process.removeListener('exit', removeState);
      removeState();
    },
  };
}
