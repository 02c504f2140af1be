#!/usr/bin/env node
// `npm start`: build, seed local D1 and KV in wrangler's state directory, and serve the whole
// site with `wrangler dev` on workerd (it rebuilds the worker when a file changes; React's
// development build, with its warnings). Global edition at http://localhost:$PORT, China
// edition at http://cn.localhost:$PORT.
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { get, root, seed, wrangler } from './local.mjs';

const port = Number(process.env.PORT ?? 8787);
execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
seed({ stdio: 'inherit' });
const args = ['dev', '--port', String(port), '--ip', '127.0.0.1', '--var', 'ENVIRONMENT:local', '--show-interactive-dev-session=false'];
const dev = spawn(process.execPath, [wrangler, ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } });
dev.on('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => dev.kill(signal));
const origin = `http://localhost:${port}`;
while ((await get(`${origin}/robots.txt`).catch(() => null))?.status !== 200) await sleep(250);
console.log(
  `\n  Global edition: ${origin}\n  China edition:  http://cn.localhost:${port}\n  Preview a date: ${origin}/__preview?at=2025-08-20T12:00:00%2B08:00&next=/us\n`,
);
