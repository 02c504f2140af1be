/**
 * Where a command reads and writes: wrangler.toml's production or pre-production resources
 * (`--env`), in Cloudflare's account or in wrangler's local state (`--local`, the default:
 * what `npm start` serves; `--persist-to DIR` another state directory).
 */
import type { Flag, Parsed } from './flags';
import { OpsError } from './error';

/** A place ops documents live. */
export interface Target {
  /** wrangler's local state rather than Cloudflare's. */
  local: boolean;
  /** wrangler.toml's environment: preprod, or the top level (production). */
  env: 'preprod' | 'production';
  persistTo?: string;
}

/** The flags every command that reads or writes the stores takes. */
export const TARGET_FLAGS: readonly Flag[] = [
  { name: 'local', help: "wrangler's local state, what `npm start` serves (the default)" },
  {
    name: 'env',
    value: 'ENV',
    choices: ['preprod', 'production'],
    help: "pre-production's or production's resources in Cloudflare (with --local: that environment's local state)",
  },
  { name: 'remote', help: 'production in Cloudflare (the same as --env production)' },
  { name: 'persist-to', value: 'DIR', help: 'a local state directory other than wrangler’s own (with --local)' },
];

/** The target the flags name. */
export function targetOf(flags: Parsed['flags']): Target {
  const env = flags.get('env');
  if (flags.has('remote') && env === 'preprod') throw new OpsError('--remote is production: give --env preprod alone for pre-production');
  const remote = flags.has('remote') || (env !== undefined && !flags.has('local'));
  if (flags.has('remote') && flags.has('local')) throw new OpsError('--local and --remote name different places: give one');
  const persistTo = flags.get('persist-to');
  if (persistTo !== undefined && remote) throw new OpsError('--persist-to is a local state directory: add --local, or leave it out to reach Cloudflare');
  return { local: !remote, env: env === 'preprod' ? 'preprod' : 'production', ...(persistTo !== undefined ? { persistTo } : {}) };
}

/** `local KV`, `local KV (preprod's namespace)`, `pre-production KV`, `production KV`: where a document is served from. */
export const targetName = (t: Target) =>
  t.local ? `local KV${t.env === 'preprod' ? " (preprod's namespace)" : ''}` : `${t.env === 'preprod' ? 'pre-production' : 'production'} KV`;

/** Whether writing there asks first whatever the change: production in Cloudflare. */
export const isProduction = (t: Target) => !t.local && t.env === 'production';

/** The flags that name the target again, for a command ops are told to run next. */
export function targetFlags(t: Target): string {
  if (!t.local) return t.env === 'preprod' ? ' --env preprod' : ' --env production';
  return `${t.env === 'preprod' ? ' --env preprod --local' : ''}${t.persistTo ? ` --persist-to ${t.persistTo}` : ''}`;
}

/** The wrangler command that creates the versions table where it is missing. */
export function migrateCommand(t: Target): string {
  return `npx wrangler d1 migrations apply DB ${t.local ? '--local' : '--remote'}${t.env === 'preprod' ? ' --env preprod' : ''}${t.local && t.persistTo ? ` --persist-to ${t.persistTo}` : ''}`;
}
