#!/usr/bin/env node
// Browser tests: headless Chromium (Debian's, through playwright-core) against the site on
// wrangler dev. Needs dist/ (npm run build) and a Chromium.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`No Chromium at ${chromium}. Install Debian's: sudo apt-get install -y chromium (or set CHROMIUM_PATH). .ci/run installs it.`);
  process.exit(1);
}
const result = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
