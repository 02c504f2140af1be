import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from '../../scripts/local/chromium.mjs';
import { startWorker } from '../../scripts/local/worker.mjs';
import { firefoxPath } from './engines';

/**
 * Starts the site on a free port with fresh local state; tests read `inject('port')`. It
 * serves React's production build, the one that deploys (docs/decisions/0022: the islands are exercised
 * on it), which also renders a page several times faster than the development build.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(chromiumPath)) throw new Error(`No Chromium at ${chromiumPath}: apt-get install -y chromium (.ci/run does), or set CHROME_PATH`);
  if (!existsSync(firefoxPath)) throw new Error(`No Firefox at ${firefoxPath}: apt-get install -y firefox-esr (.ci/run does), or set FIREFOX_PATH`);
  const worker = await startWorker();
  project.provide('port', worker.port);
  return () => worker.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    port: number;
  }
}
