#!/usr/bin/env node
// `npm start`: build, seed local D1 and KV, and serve the whole site on workerd.
// Global edition at http://localhost:$PORT, China edition at http://cn.localhost:$PORT.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { root, startWorker } from './local.mjs';

execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
const worker = await startWorker({ port: Number(process.env.PORT ?? 8787), fresh: false, log: 'inherit' });
console.log(
  `\n  Global edition: ${worker.origin}\n  China edition:  ${worker.china}\n  Preview a date: ${worker.origin}/__preview?at=2025-08-20T12:00:00%2B08:00&next=/us\n`,
);
worker.child.on('exit', (code) => process.exit(code ?? 0));
