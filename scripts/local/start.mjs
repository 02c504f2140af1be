#!/usr/bin/env node
// `npm start`: build, seed local D1 and KV in wrangler's state directory, and serve the whole
// site with wrangler's dev server on workerd (`unstable_startWorker`, what `wrangler dev`
// runs: it rebuilds the worker when a file changes; React's development build, with its
// warnings). Global edition at http://localhost:$PORT, China edition at http://cn.localhost:$PORT.
// Not the `wrangler dev` command: with wrangler.toml's production routes it would rewrite
// every request to the first route's host, and cn.localhost would serve the global edition;
// here the routes are left out (`triggers: []`).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { get, root, seed } from './worker.mjs';

const port = Number(process.env.PORT ?? 8787);
execFileSync(process.execPath, [join(root, 'scripts/build/build.mjs')], { stdio: 'inherit' });
seed({ stdio: 'inherit' });
process.env.WRANGLER_SEND_METRICS = 'false';
const { unstable_startWorker } = await import('wrangler');
const dev = await unstable_startWorker({
  config: join(root, 'wrangler.toml'),
  triggers: [],
  bindings: { ENVIRONMENT: { type: 'plain_text', value: 'local' } },
  dev: { server: { hostname: '127.0.0.1', port }, watch: true, inspector: false },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void dev.dispose().then(() => process.exit(0)));
await dev.ready;
const origin = `http://localhost:${port}`;
while ((await get(`${origin}/robots.txt`).catch(() => null))?.status !== 200) await sleep(250);
console.log(
  `\n  Global edition: ${origin}\n  China edition:  http://cn.localhost:${port}\n  Preview a date: ${origin}/__preview?at=2025-08-20T12:00:00%2B08:00&next=/us\n`,
);
