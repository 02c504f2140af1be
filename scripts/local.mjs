// Shared by `npm start`, the browser tests and the benchmark: prepare local state (D1
// migrations, KV seeded with the built bundles) and start `wrangler dev` on workerd.
import { execFileSync, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wrangler = join(root, 'node_modules/wrangler/bin/wrangler.js');

function run(args, quiet) {
  execFileSync(process.execPath, [wrangler, ...args], {
    cwd: root,
    stdio: quiet ? 'pipe' : 'inherit',
    env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
  });
}

/** Applies D1 migrations and seeds KV with the content bundles, in `persistTo` (wrangler's state dir). */
export function seed({ persistTo, quiet = false } = {}) {
  const persist = persistTo ? ['--persist-to', persistTo] : [];
  run(['d1', 'migrations', 'apply', 'DB', '--local', ...persist], quiet);
  run(['kv', 'bulk', 'put', 'dist/bundles/kv.json', '--binding', 'CONTENT', '--local', ...persist], quiet);
}

/**
 * The environment wrangler runs in. wrangler bundles React's development build for `dev`
 * (NODE_ENV unset) and the production build for `deploy`, unless NODE_ENV says which;
 * `production: true` makes `dev` serve the build that deploys, which the speed gates measure
 * (React's development JSX runtime alone costs some 70 ms a product page).
 */
export function wranglerEnv({ production = false } = {}) {
  return { ...process.env, WRANGLER_SEND_METRICS: 'false', NODE_ENV: production ? 'production' : 'development' };
}

/** Starts `wrangler dev` (see `wranglerEnv` for `production`); resolves with the child once the server answers. */
export async function serve({ port, persistTo, stdio = 'inherit', vars = {}, production = false } = {}) {
  const args = [
    wrangler,
    'dev',
    '--port',
    String(port),
    '--ip',
    '127.0.0.1',
    '--var',
    'ENVIRONMENT:local',
    '--show-interactive-dev-session=false',
    '--log-level',
    stdio === 'inherit' ? 'info' : 'warn',
  ];
  for (const [k, v] of Object.entries(vars)) args.push('--var', `${k}:${v}`);
  if (persistTo) args.push('--persist-to', persistTo);
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio,
    env: wranglerEnv({ production }),
    detached: process.platform !== 'win32',
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/ssr/timestamp`);
      if (res.ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  stop(child);
  throw new Error('wrangler dev did not answer within 60 s');
}

/** Stops a server started by `serve`, with its workerd children. */
export function stop(child) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
}
