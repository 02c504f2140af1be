// wrk (C, light on a 2-core machine where the server needs the CPU) for `npm run bench` and
// `npm run test:load`: one run over one URL or a mix, with scripts/wrk.lua counting the
// responses by status class. Debian: `apt-get install -y wrk` (.ci/run installs it).
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './local.mjs';

/** wrk's version, or throws saying how to install it. */
export function wrkVersion() {
  const { error, stdout } = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (error) throw new Error('wrk is not installed: apt-get install -y wrk (.ci/run installs it)');
  return /wrk \S+/.exec(stdout)?.[0] ?? 'wrk';
}

const ms = (us) => Math.round(us / 10) / 100;

/**
 * Runs wrk over `urls`, all on the local server at the first one's port: each connection
 * cycles over them, sending each URL's host as its Host header (so cn.localhost works).
 * Resolves with requests per second, latency in ms, socket errors and responses by status class.
 */
export async function wrk(urls, { connections = 8, threads = 2, duration = '5s', timeout = '2s' } = {}) {
  const targets = urls.map((url) => new URL(url)).flatMap((url) => [url.host, url.pathname + url.search]);
  const args = ['-t', String(threads), '-c', String(connections), '-d', duration, '--timeout', timeout, '-s', join(root, 'scripts/wrk.lua')];
  const child = spawn('wrk', [...args, `http://127.0.0.1:${new URL(urls[0]).port}/`, '--', ...targets], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const code = await new Promise((resolve, reject) => child.on('error', reject).on('close', resolve));
  const line = out.split('\n').find((l) => l.startsWith('WRK_JSON '));
  if (code !== 0 || !line) throw new Error(`wrk exited with ${code}: ${out}`);
  const run = JSON.parse(line.slice('WRK_JSON '.length));
  const { latency: l, errors: e } = run;
  return {
    requests: run.requests,
    rps: Math.round((run.requests / run.us) * 1e8) / 100,
    latencyMs: { p50: ms(l.p50), p90: ms(l.p90), p99: ms(l.p99), max: ms(l.max) },
    socketErrors: { ...e, total: e.connect + e.read + e.write + e.timeout },
    status: run.status,
  };
}
