import type { D1Migration } from 'cloudflare:test';

declare global {
  namespace Cloudflare {
    /** The test env: the worker's bindings (worker-configuration.d.ts), plus the migrations the setup applies. */
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** Cases per fuzzing property (vitest.config.ts). */
      FUZZ_RUNS: string;
      TEST_ACCOUNT_MIGRATIONS: D1Migration[];
      /** A scratch database for the migration replay. */
      MIGRATION_REPLAY: D1Database;
      PREVIEW_SECRET?: string;
    }
  }
}
export {};
