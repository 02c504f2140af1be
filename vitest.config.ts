import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

// `npm test`'s two suites, one after the other (`groupOrder`): side by side they
// oversubscribed two cores (load average 12) and tests timed out. One run, one summary.
export default defineConfig(async () => ({
  test: {
    projects: [
      {
        // The worker inside workerd with the bindings of wrangler.toml; local mode so unsigned
        // preview timestamps count, as under `npm start`.
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
              // A database of its own for tests/worker/migration-replay.test.ts, which rebuilds it step by step.
              d1Databases: ['MIGRATION_REPLAY'],
            },
          }),
        ],
        test: {
          name: 'worker',
          include: ['tests/worker/**/*.test.{ts,tsx}'],
          sequence: { groupOrder: 0 },
          // Two runtimes, each running file after file (`isolate: false`): a runtime per file cost
          // some 4 s each, 150 of the suite's 175 s. Files share a runtime's KV, D1 and module
          // state, so each leaves it as it found it (pushed KV documents deleted, `store.forget()`,
          // `clearRenderCache()`); `npx vitest run --project worker --sequence.shuffle.files`
          // checks that no file depends on another's order.
          maxWorkers: 2,
          isolate: false,
          // Hooks that load every page (tests/worker/quality) can take over 10 s on a loaded CI machine.
          hookTimeout: 60_000,
          setupFiles: ['./tests/worker/setup.ts'],
        },
      },
      {
        // Node tests that start no process and no server: rules of the scripts, the built files,
        // the docs. With the worker project they are `npm run test:fast`, the loop to run while
        // working.
        test: {
          name: 'node',
          include: ['tests/node/**/*.test.ts'],
          sequence: { groupOrder: 1 },
        },
      },
      {
        // In Node: the browser tests drive Chromium against the deployable bundle on workerd
        // (tests/e2e/server.ts, scripts/local/worker.mjs); tests/commands run the npm scripts and
        // the ops command as processes (wrangler, tsx).
        test: {
          name: 'browser',
          include: ['tests/e2e/**/*.test.ts', 'tests/commands/**/*.test.ts'],
          sequence: { groupOrder: 2 },
          globalSetup: ['./tests/e2e/server.ts'],
          testTimeout: 30_000,
          hookTimeout: 90_000,
          // Two files at a time: a browser test mostly waits (on the page, on timers), so one at a
          // time left a core idle. Files share one server, so each keeps its own state apart
          // (fresh browser contexts, its own addresses and client IPs).
          maxWorkers: 2,
          // A browser step that hangs once in a long run (seen once in a dozen full runs, never
          // reproduced) is retried once; the reporter marks it, and a real break fails twice.
          retry: 1,
        },
      },
    ],
  },
}));
