import type { D1Migration } from 'cloudflare:test';
import type { Env as WorkerEnv } from '../../worker/env';

declare global {
  namespace Cloudflare {
    /** The test env: the worker's bindings, plus the migrations the setup applies. */
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
export {};
