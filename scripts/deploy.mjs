#!/usr/bin/env node
// `npm run deploy`: build, apply D1 migrations remotely, deploy the worker and its assets,
// then push the content bundles to KV (so running isolates switch within a minute).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { DATABASES, root, wrangler as cli } from './local.mjs';

const wrangler = (...args) => execFileSync(process.execPath, [cli, ...args], { stdio: 'inherit', cwd: root });
// Served over https: the static assets' _headers carry HSTS too.
execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit', env: { ...process.env, DEPLOY_HTTPS: '1' } });
for (const db of DATABASES) wrangler('d1', 'migrations', 'apply', db, '--remote');
// Every deploy's own build id in the render cache's keys (decision 0028): a deploy that changes
// markup but no client asset never serves pages stored by the one before.
wrangler('deploy', '--define', `RENDER_BUILD:${JSON.stringify(new Date().toISOString())}`);
wrangler('kv', 'bulk', 'put', 'dist/bundles/kv.json', '--binding', 'CONTENT', '--remote');
