#!/usr/bin/env node
// `npm start`: build, seed local D1 and KV, and serve the whole site on workerd.
// Global edition at http://localhost:$PORT, China edition at http://cn.localhost:$PORT.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { root, seed, serve, stop } from './local.mjs';

const port = Number(process.env.PORT ?? 8787);
execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
seed();
const child = await serve({ port });
console.log(
  `\n  Global edition: http://localhost:${port}\n  China edition:  http://cn.localhost:${port}\n  Preview a date: http://localhost:${port}/__preview?at=2025-08-20T12:00:00%2B08:00&next=/us\n`,
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stop(child);
    process.exit(0);
  });
}
child.on('exit', (code) => process.exit(code ?? 0));
