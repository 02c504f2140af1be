#!/usr/bin/env node
// `npm run deploy`: build, apply D1 migrations remotely, deploy the worker and its assets,
// then push the content bundles to KV (so running isolates switch within a minute).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './local.mjs';

const wrangler = (...args) => execFileSync(process.execPath, [join(root, 'node_modules/wrangler/bin/wrangler.js'), ...args], { stdio: 'inherit', cwd: root });
execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
wrangler('d1', 'migrations', 'apply', 'DB', '--remote');
wrangler('deploy');
wrangler('kv', 'bulk', 'put', 'dist/bundles/kv.json', '--binding', 'CONTENT', '--remote');
