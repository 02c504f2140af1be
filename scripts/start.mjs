#!/usr/bin/env node
// `npm start`: build, seed local D1 and KV in wrangler's state directory, and serve the whole
// site with `wrangler dev` on workerd (it rebuilds the worker when a file changes).
// Global edition at http://localhost:$PORT, China edition at http://cn.localhost:$PORT.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { root, seed, startWranglerDev } from './local.mjs';

const port = Number(process.env.PORT ?? 8787);
execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
seed({ stdio: 'inherit' });
const worker = await startWranglerDev({ port, log: 'inherit' });
worker.child.on('exit', (code) => process.exit(code ?? 0));
console.log(
  `\n  Global edition: ${worker.origin}\n  China edition:  ${worker.china}\n  Preview a date: ${worker.origin}/__preview?at=2025-08-20T12:00:00%2B08:00&next=/us\n`,
);
