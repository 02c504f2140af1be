import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: plain ES module shared with the npm scripts.
import { seed, serve, stop } from '../../scripts/local.mjs';

/** Starts the site on a private port with fresh local state; tests read `inject('baseUrl')`. */
export default async function setup(project: TestProject) {
  const port = 8790 + Math.floor(Math.random() * 200);
  const state = mkdtempSync(join(tmpdir(), 'storefront-e2e-'));
  seed({ persistTo: state, quiet: true });
  const child = await serve({ port, persistTo: state, stdio: 'ignore' });
  project.provide('port', port);
  return () => {
    stop(child);
    rmSync(state, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    port: number;
  }
}
