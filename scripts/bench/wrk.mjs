// The harness of `npm run bench` and `npm run test:load`: wrk (C, light on a 2-core machine
// where the server needs the CPU) for one run over one URL or a mix, with scripts/bench/wrk.lua
// counting the responses by status class, and `measure` for the worker's lifecycle and the
// report. Debian: `apt-get install -y wrk` (.ci/run installs it).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { root, startWorker } from '../local/worker.mjs';

/** wrk's version, or throws saying how to install it. */
function wrkVersion() {
  const { error, stdout } = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (error) throw new Error('wrk is not installed: apt-get install -y wrk (.ci/run installs it)');
  return /wrk \S+/.exec(stdout)?.[0] ?? 'wrk';
}

/**
 * Starts the local worker (behind wrangler's dev server with `wranglerDev`; its output in
 * the file `log`), runs `body` with it, and writes what `body` resolves with to the JSON file
 * `report`, dated and with the machine it ran on. An error is printed as `name: message` and sets exit
 * code 1; the worker stops either way.
 */
export async function measure(name, { log, report, wranglerDev }, body) {
  let worker;
  try {
    const wrk = wrkVersion();
    mkdirSync(dirname(report), { recursive: true });
    worker = await startWorker({ log, wranglerDev });
    const results = await body(worker);
    const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model, loadavg: loadavg(), node: process.version, wrk };
    writeFileSync(report, `${JSON.stringify({ date: new Date().toISOString(), machine, ...results }, null, 2)}\n`);
  } catch (error) {
    console.error(`${name}: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  } finally {
    await worker?.close();
  }
}

const ms = (us) => Math.round(us / 10) / 100;

/**
 * Runs wrk over `urls`, all on the server at the first one's port: each connection cycles
 * over them, sending each URL's host as its Host header (so cn.localhost works) and `headers`
 * (a visitor's country, say) with every request. Resolves with requests per second, latency
 * in ms, socket errors and responses by status class.
 */
export async function wrk(urls, { connections = 8, threads = 2, duration = '5s', timeout = '2s', headers = {} } = {}) {
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
  const targets = urls.map((url) => new URL(url)).flatMap((url) => [url.host, url.pathname + url.search, extra]);
  const args = ['-t', String(threads), '-c', String(connections), '-d', duration, '--timeout', timeout, '-s', join(root, 'scripts/bench/wrk.lua')];
  const child = spawn('wrk', [...args, `http://127.0.0.1:${new URL(urls[0]).port}/`, '--', ...targets], { stdio: ['ignore', 'pipe', 'inherit'] });
  // Stopped with this process (a TERM or Ctrl-C sent to it alone), not left loading a server that is gone.
  const stop = () => child.kill();
  process.once('exit', stop);
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const code = await new Promise((resolve, reject) => child.on('error', reject).on('close', resolve));
  process.removeListener('exit', stop);
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
