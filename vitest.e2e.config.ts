import { defineConfig } from 'vitest/config';

// Browser tests run in Node, driving Chromium against `wrangler dev` (tests/e2e/server.ts).
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['./tests/e2e/server.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
