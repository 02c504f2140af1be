import { z } from 'zod';

/** Bindings and variables of the worker, declared once (wrangler.toml). */
export interface Env {
  /** Content bundles (`bundle:{region}`) and the ops `schedule` document. */
  CONTENT: KVNamespace;
  /** Records: subscriptions, accounts. */
  DB: D1Database;
  /** Hashed client bundles, styles and images. */
  ASSETS: Fetcher;
  ENVIRONMENT?: string;
  CN_HOSTS?: string;
  CN_ORIGIN?: string;
  GLOBAL_ORIGIN?: string;
  COOKIE_DOMAIN?: string;
  PREPROD_HOSTS?: string;
  PREVIEW_SECRET?: string;
  API_BASES?: string;
  THIRD_PARTY?: string;
}

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );

const origin = z
  .string()
  .optional()
  .transform((v) => (v ? new URL(v).origin : undefined));

/** API base URLs per environment and API group; '' means the site's own origin. */
const ApiBases = z.object({
  preprod: z.object({ us: z.string(), eu: z.string(), cn: z.string() }),
  production: z.object({ us: z.string(), eu: z.string(), cn: z.string() }),
});
export type ApiBases = z.infer<typeof ApiBases>;

const SAME_ORIGIN: ApiBases = { preprod: { us: '', eu: '', cn: '' }, production: { us: '', eu: '', cn: '' } };

/** A third-party script the pages load (platform spec §2); none load unless configured. */
export const ThirdPartyScript = z.object({
  /** What it is. */
  name: z.enum(['storageProxy', 'heatmap', 'captcha', 'tagManager', 'chat']),
  /** Its https URL. */
  src: z.url({ protocol: /^https$/ }),
  /** Editions that load it; all when absent. The chat widget is us-only by default. */
  regions: z.array(z.enum(['us', 'uk', 'eu', 'fr', 'de', 'kr', 'jp', 'cn'])).optional(),
});
export type ThirdPartyScript = z.infer<typeof ThirdPartyScript>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const ThirdParty = z
  .string()
  .optional()
  .transform((v) => {
    if (!v) return [];
    const parsed = z.array(ThirdPartyScript).safeParse(parseJson(v));
    if (!parsed.success) {
      // A bad THIRD_PARTY must not take pages down: load none, and say so.
      console.warn('config: THIRD_PARTY is invalid and is ignored');
      return [];
    }
    return parsed.data.map((s) => (s.name === 'chat' && !s.regions ? { ...s, regions: ['us' as const] } : s));
  });

/** The worker's configuration, parsed from its variables with defaults for local use. */
export const Config = z.object({
  /** `local` allows unsigned preview timestamps; `production` (the default) does not. */
  environment: z.enum(['local', 'production']).catch('production'),
  /** Hosts that serve the China edition at their root (any host ending `.cn` does too). */
  cnHosts: list.transform((l) => (l.length ? l : ['cn.localhost'])),
  /** Origin of the China edition; derived from the request when unset. */
  cnOrigin: origin,
  /** Origin of the global edition; derived from the request when unset. */
  globalOrigin: origin,
  /** Parent domain for the region cookie. */
  cookieDomain: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /** Pre-production hostnames. */
  preprodHosts: list,
  /** Secret that signs preview timestamps in production. */
  previewSecret: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /** API bases, JSON. */
  apiBases: z
    .string()
    .optional()
    .transform((v) => (v ? ApiBases.parse(JSON.parse(v)) : SAME_ORIGIN)),
  /** Third-party scripts, JSON (see README, "Third-party scripts"). */
  thirdParty: ThirdParty,
});
export type Config = z.infer<typeof Config>;

const cache = new WeakMap<object, Config>();

/** The parsed configuration of an env, parsed once per isolate. */
export function configOf(env: Env): Config {
  let config = cache.get(env);
  if (!config) {
    config = Config.parse({
      environment: env.ENVIRONMENT,
      cnHosts: env.CN_HOSTS,
      cnOrigin: env.CN_ORIGIN,
      globalOrigin: env.GLOBAL_ORIGIN,
      cookieDomain: env.COOKIE_DOMAIN,
      preprodHosts: env.PREPROD_HOSTS,
      previewSecret: env.PREVIEW_SECRET,
      apiBases: env.API_BASES,
      thirdParty: env.THIRD_PARTY,
    });
    cache.set(env, config);
  }
  return config;
}
