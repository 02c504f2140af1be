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
    // Two runtimes, each running file after file (`isolate: false`): a runtime per file cost
    // some 4 s each, 150 of the suite's 175 s. Files share a runtime's KV, D1 and module
    // state, so each leaves it as it found it (pushed KV documents deleted, `store.forget()`,
    // `clearRenderCache()`); `npx vitest run --sequence.shuffle.files` checks that no file
    // depends on another's order.
    maxWorkers: 2,
    isolate: false,
    // Hooks that load every page (tests/worker/quality) can take over 10 s on a loaded CI machine.
    hookTimeout: 60_000,
    setupFiles: ['./tests/worker/setup.ts'],
  },
}));
