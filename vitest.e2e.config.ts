import { defineConfig } from 'vitest/config';

// Tests that run in Node: the browser tests drive Chromium against the deployable bundle on
// workerd (tests/e2e/server.ts, scripts/local.mjs); tests/node covers the npm scripts (ops).
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts', 'tests/node/**/*.test.ts'],
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
});
