import type { TestProject } from 'vitest/node';
import { startWorker } from '../../scripts/local.mjs';

/** Starts the site on a free port with fresh local state; tests read `inject('port')`. */
export default async function setup(project: TestProject) {
  const worker = await startWorker();
  project.provide('port', worker.port);
  return () => worker.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    port: number;
  }
}
