import { defineConfig } from 'vitest/config';

// The slow gates (`npm run test:quality`, with Lighthouse and the load test around it):
// the full accessibility crawl and the link crawler, against the same local worker as
// the browser tests.
export default defineConfig({
  test: {
    include: ['tests/quality/**/*.test.ts'],
    globalSetup: ['./tests/e2e/server.ts'],
    testTimeout: 600_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
