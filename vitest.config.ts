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
        },
      },
    }),
  ],
  test: {
    include: ['tests/worker/**/*.test.{ts,tsx}'],
    setupFiles: ['./tests/worker/setup.ts'],
  },
}));
