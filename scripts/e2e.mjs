#!/usr/bin/env node
// Browser tests: headless Chromium (Debian's, through playwright-core) against the site on
// wrangler dev. Needs dist/ (npm run build) and a Chromium.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { chromiumPath } from './chromium.mjs';

if (!existsSync(chromiumPath)) {
  console.error(`No Chromium at ${chromiumPath}. Install Debian's: sudo apt-get install -y chromium (or set CHROME_PATH). .ci/run installs it.`);
  process.exit(1);
}
const result = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
