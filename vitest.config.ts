import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

// Worker tests run inside workerd with the bindings of wrangler.toml; local mode so
// unsigned preview timestamps count, as under `npm start`.
export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: {
          ENVIRONMENT: 'local',
          TEST_MIGRATIONS: await readD1Migrations('./migrations'),
          TEST_ACCOUNT_MIGRATIONS: await readD1Migrations('./migrations/accounts'),
          // Cases per fuzzing property: a quick sample here, many more in `npm run test:quality`.
          FUZZ_RUNS: process.env.FUZZ_RUNS ?? '60',
        },
      },
    }),
  ],
  test: {
    include: ['tests/worker/**/*.test.{ts,tsx}'],
    // Each file starts its own workerd runtime (some 4 s): two at a time keep both cores busy.
    maxWorkers: 2,
    setupFiles: ['./tests/worker/setup.ts'],
  },
}));
