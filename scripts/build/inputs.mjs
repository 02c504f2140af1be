// What `npm run build` reads, as one hash: the folders it builds from, and the worker modules the
// content bundles and pictures import (found by esbuild, so a new import is followed). The build
// writes the hash beside what it built (dist/inputs.sha256); `node scripts/build/inputs.mjs
// --build-if-stale` rebuilds only when the hash differs, so the fast loop skips a 30 s build
// when nothing it reads has changed.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from '../local/worker.mjs';

/** The folders whose every file the build reads (the generated locale index aside: the build writes it). */
const FOLDERS = ['client', 'content', 'locales', 'kernel', 'scripts/build', 'scripts/art'];
/** Entries whose imports outside those folders (worker/ modules) count too. */
const ENTRIES = ['scripts/build/bundles.ts', 'scripts/build/pictures.ts'];
/** Where the build records the hash of what it was built from. */
export const STAMP = join(root, 'dist/inputs.sha256');

const walk = (dir) =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    return entry.isDirectory() ? walk(path) : [path];
  });

/** The hash of every input of the build, with `DEPLOY_HTTPS` (it changes the static headers). */
export async function inputsHash() {
  const { metafile } = await build({
    entryPoints: ENTRIES.map((entry) => join(root, entry)),
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outdir: join(root, 'dist/.inputs'),
    loader: { '.json': 'json' },
    logLevel: 'silent',
  });
  const files = new Set([...FOLDERS.flatMap(walk), ...Object.keys(metafile.inputs), 'package-lock.json']);
  files.delete('locales/index.generated.ts');
  const hash = createHash('sha256').update(`DEPLOY_HTTPS=${process.env.DEPLOY_HTTPS ?? ''}\n`);
  for (const file of [...files].map((f) => relative(root, join(root, f))).sort()) {
    if (!existsSync(join(root, file)) || !statSync(join(root, file)).isFile()) continue;
    hash.update(`${file}\n`).update(readFileSync(join(root, file)));
  }
  return hash.digest('hex');
}

/** Records the inputs' hash after a build. */
export async function stamp() {
  writeFileSync(STAMP, `${await inputsHash()}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--build-if-stale')) {
  const current = await inputsHash();
  const built = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
  if (current === built) console.log('build: dist/ is current (nothing the build reads has changed)');
  else execFileSync(process.execPath, [join(root, 'scripts/build/build.mjs')], { stdio: 'inherit' });
}
