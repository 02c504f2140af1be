import { z } from 'zod';
import { REGIONS } from '../content/editions';
import { CONSENT_CATEGORIES } from '../kernel/consent';
import { normalHost } from './host';
import { logWarning } from './log';

/**
 * The worker's bindings and variables: `Env` is generated from wrangler.toml by
 * `wrangler types` (worker/worker-configuration.d.ts; `npm run lint` fails when it is stale). Secrets are not
 * in wrangler.toml, so they are declared here.
 */
export type Bindings = Env & {
  /** Signs preview links in production (`npx wrangler secret put PREVIEW_SECRET`). */
  PREVIEW_SECRET?: string;
  /** Signs apptokens (`npx wrangler secret put SESSION_SECRET`); locally a development one stands in. */
  SESSION_SECRET?: string;
  /** Verifies support forms' CAPTCHA where configured (`npx wrangler secret put TURNSTILE_SECRET`). */
  TURNSTILE_SECRET?: string;
  /** Sends mail (password resets) where configured; otherwise mail only reaches the outbox. */
  SEND_EMAIL?: SendEmail;
  /** The bearer token `/healthz/deep` asks for (`npx wrangler secret put HEALTH_TOKEN`; decision 0065). */
  HEALTH_TOKEN?: string;
};

/** A host name as configured: lower case, no port, no trailing dot. */
const hostName = z
  .string()
  .transform(normalHost)
  .pipe(z.string().regex(/^[a-z0-9.-]+$/));

/** A comma-separated list of host names. */
const list = z.string().transform((v, ctx) =>
  v
    .split(',')
    .map((s) => normalHost(s))
    .filter((s) => {
      if (/^[a-z0-9.-]+$/.test(s)) return true;
      if (s) ctx.addIssue({ code: 'custom', message: `"${s}" is not a host name` });
      return false;
    }),
);

/** An https or http origin. */
const origin = z.url({ protocol: /^https?$/ }).transform((v) => new URL(v).origin);

/** API base URLs of each API group; '' means the site's own origin. */
const GroupBases = z.object({ us: z.string(), eu: z.string(), cn: z.string() });

/** API base URLs per environment and API group. */
export const ApiBases = z.object({ preprod: GroupBases, production: GroupBases });
export type ApiBases = z.infer<typeof ApiBases>;

const SAME_ORIGIN: ApiBases = { preprod: { us: '', eu: '', cn: '' }, production: { us: '', eu: '', cn: '' } };

/** A third-party script the pages load (docs/spec/platform.md §2); none load unless configured. */
const ThirdPartyScript = z.object({
  /** What it is. */
  name: z.enum(['storageProxy', 'heatmap', 'captcha', 'tagManager', 'chat']),
  /** Its https URL. */
  src: z.url({ protocol: /^https$/ }),
  /** Editions that load it; all when absent. The chat widget is us-only by default. */
  regions: z.array(z.enum(REGIONS)).optional(),
  /** Its consent category (decision 0033): it loads only where and when the shopper's choice grants it; `necessary` always. */
  category: z.enum(CONSENT_CATEGORIES),
  /**
   * Names of the first-party cookies it sets (`_ga`, or a prefix ending in `*`: `_ga_*`), which
   * the site clears when its category is revoked.
   */
  cookies: z
    .array(z.string().regex(/^[\w.-]+\*?$/))
    .max(20)
    .default([]),
});
export type ThirdPartyScript = z.output<typeof ThirdPartyScript>;

/** A JSON variable: parsed, then checked against its schema. */
function json<T extends z.ZodType>(schema: T) {
  return z.string().transform((v, ctx): z.output<T> => {
    const parsed = schema.safeParse(parseJson(v));
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: 'not JSON of the documented shape' });
    return z.NEVER;
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A variable with its default. One policy for every bad value: it is logged by name and the
 * default stands, so a typo in wrangler.toml never takes pages down. Unset and '' are the
 * default too (wrangler.toml lists every variable, empty where unused).
 */
function setting<T extends z.ZodType, F>(name: string, schema: T, fallback: F) {
  return z
    .unknown()
    .optional()
    .transform((raw): z.output<T> | F => {
      if (raw === undefined || raw === null || raw === '') return fallback;
      const parsed = schema.safeParse(raw);
      if (parsed.success) return parsed.data;
      logWarning(`config: ${name} is invalid and is ignored (${parsed.error.issues[0]?.message ?? 'invalid'})`);
      return fallback;
    });
}

/**
 * Every variable's rule, strict: the worker applies them through `setting` (a bad value is
 * logged and its default stands), the deploy's preflight (scripts/release/release.ts) refuses a bad
 * value before anything is deployed.
 */
export const VARIABLES = {
  /** `local` allows unsigned preview timestamps; `production` (the default) does not. */
  ENVIRONMENT: z.enum(['local', 'production']),
  /** Hosts that serve the China edition at their root (any host ending `.cn` does too). */
  CN_HOSTS: list.refine((l) => l.length > 0, 'names no host'),
  /** Origin of the China edition; derived from the request when unset. */
  CN_ORIGIN: origin,
  /** Origin of the global edition; derived from the request when unset. */
  GLOBAL_ORIGIN: origin,
  /** Parent domain for the region cookie. */
  COOKIE_DOMAIN: hostName,
  /** Pre-production hostnames. */
  PREPROD_HOSTS: list,
  /** Secret that signs preview links in production. */
  PREVIEW_SECRET: z.string().min(16),
  /** Secret that signs apptokens (at least 32 characters). */
  SESSION_SECRET: z.string().min(32),
  /** Turnstile secret: the server verifies the CAPTCHA with it (a secret: `npx wrangler secret put TURNSTILE_SECRET`). */
  TURNSTILE_SECRET: z.string().min(10),
  /** The bearer token of `/healthz/deep` (at least 32 characters): ops and the rollout read every binding's state with it. */
  HEALTH_TOKEN: z.string().min(32),
  /** Turnstile site key (public, wrangler.toml): the support forms, the lucky draw and the log-in form show the widget and the server requires it; pair it with TURNSTILE_SECRET. */
  TURNSTILE_SITE_KEY: z.string().regex(/^[\w-]{10,100}$/),
  /** The address password-reset mail comes from. */
  MAIL_FROM: z.email(),
  /** API bases per environment and API group, JSON (README, "Deploying"). */
  API_BASES: json(ApiBases),
  /** Third-party scripts, JSON (README, "Third-party scripts"). */
  THIRD_PARTY: json(z.array(ThirdPartyScript)),
  /** Origin of the media host that serves large files (manual PDFs, product videos); unset, this site serves them (the videos: the local clip in client/static/media). */
  MEDIA_ORIGIN: z.url({ protocol: /^https$/ }).transform((v) => new URL(v).origin),
  /** The rendered-page cache (decision 0020): `on` (the default) or `off` (debugging, the bench). */
  RENDER_CACHE: z.enum(['on', 'off']),
  /**
   * The release this worker version was built from (`npm run deploy` sets it with the version's
   * tag, decision 0037): its content bundles are read from KV under `bundle:<region>@<release>`.
   * Empty (local runs): `bundle:<region>`.
   */
  RELEASE: z.string().regex(/^[\w.-]{1,40}$/),
  /**
   * The share of ordinary request lines the worker writes, from 0 to 1 (decision 0065): Workers
   * Logs keep every invocation (`head_sampling_rate = 1`) and the worker samples its own request
   * lines, never a 5xx's, an exception's, a warning or an error. Unset: every line.
   */
  LOG_SAMPLE_RATE: z
    .string()
    .regex(/^(?:0(?:\.\d{1,4})?|1(?:\.0{1,4})?)$/, 'a share from 0 to 1, such as 0.1')
    .transform(Number),
} as const;

/**
 * The secrets every deployed environment needs (decision 0037): not in wrangler.toml, so named
 * here; `npm run deploy` refuses to start without each of them (from the environment or a
 * secrets file) and uploads them with the version.
 */
export const SECRETS = ['PREVIEW_SECRET', 'SESSION_SECRET', 'TURNSTILE_SECRET', 'HEALTH_TOKEN'] as const satisfies readonly (keyof typeof VARIABLES)[];

/** The worker's configuration, parsed from its variables (wrangler.toml `[vars]`, secrets). */
export const Config = z
  .object({
    ENVIRONMENT: setting('ENVIRONMENT', VARIABLES.ENVIRONMENT, 'production'),
    CN_HOSTS: setting('CN_HOSTS', VARIABLES.CN_HOSTS, ['cn.localhost']),
    CN_ORIGIN: setting('CN_ORIGIN', VARIABLES.CN_ORIGIN, undefined),
    GLOBAL_ORIGIN: setting('GLOBAL_ORIGIN', VARIABLES.GLOBAL_ORIGIN, undefined),
    COOKIE_DOMAIN: setting('COOKIE_DOMAIN', VARIABLES.COOKIE_DOMAIN, undefined),
    PREPROD_HOSTS: setting('PREPROD_HOSTS', VARIABLES.PREPROD_HOSTS, [] as string[]),
    PREVIEW_SECRET: setting('PREVIEW_SECRET', VARIABLES.PREVIEW_SECRET, undefined),
    SESSION_SECRET: setting('SESSION_SECRET', VARIABLES.SESSION_SECRET, undefined),
    TURNSTILE_SECRET: setting('TURNSTILE_SECRET', VARIABLES.TURNSTILE_SECRET, undefined),
    TURNSTILE_SITE_KEY: setting('TURNSTILE_SITE_KEY', VARIABLES.TURNSTILE_SITE_KEY, undefined),
    MAIL_FROM: setting('MAIL_FROM', VARIABLES.MAIL_FROM, 'no-reply@robolux.com'),
    API_BASES: setting('API_BASES', VARIABLES.API_BASES, SAME_ORIGIN),
    THIRD_PARTY: setting('THIRD_PARTY', VARIABLES.THIRD_PARTY, []),
    MEDIA_ORIGIN: setting('MEDIA_ORIGIN', VARIABLES.MEDIA_ORIGIN, undefined),
    RENDER_CACHE: setting('RENDER_CACHE', VARIABLES.RENDER_CACHE, 'on'),
    RELEASE: setting('RELEASE', VARIABLES.RELEASE, undefined),
    LOG_SAMPLE_RATE: setting('LOG_SAMPLE_RATE', VARIABLES.LOG_SAMPLE_RATE, 1),
  })
  .transform((v) => ({
    environment: v.ENVIRONMENT,
    // Local runs serve the China edition on cn.localhost too (`npm start`, the tests), whatever
    // the deployed CN_HOSTS say: wrangler.toml's [vars] name production's hosts only.
    cnHosts: v.ENVIRONMENT === 'local' && !v.CN_HOSTS.includes('cn.localhost') ? [...v.CN_HOSTS, 'cn.localhost'] : v.CN_HOSTS,
    cnOrigin: v.CN_ORIGIN,
    globalOrigin: v.GLOBAL_ORIGIN,
    cookieDomain: v.COOKIE_DOMAIN,
    preprodHosts: v.PREPROD_HOSTS,
    previewSecret: v.PREVIEW_SECRET,
    // NOTE: the development secret is public; production without SESSION_SECRET refuses
    // every account call instead of signing with it.
    sessionSecret: v.SESSION_SECRET ?? (v.ENVIRONMENT === 'local' ? 'local-development-session-secret-not-for-production' : undefined),
    mailFrom: v.MAIL_FROM,
    turnstileSecret: v.TURNSTILE_SECRET,
    // The production site key is in wrangler.toml's [vars], which local runs read too: locally
    // the CAPTCHA is on only where its secret is configured as well (tests set both).
    turnstileSiteKey: v.ENVIRONMENT === 'local' && !v.TURNSTILE_SECRET ? undefined : v.TURNSTILE_SITE_KEY,
    apiBases: v.API_BASES,
    mediaOrigin: v.MEDIA_ORIGIN ?? '',
    // The chat widget is a us feature (docs/spec/platform.md §2) unless its entry says otherwise.
    thirdParty: v.THIRD_PARTY.map((s) => (s.name === 'chat' && !s.regions ? { ...s, regions: ['us' as const] } : s)),
    renderCache: v.RENDER_CACHE === 'on',
    release: v.RELEASE,
    logSampleRate: v.LOG_SAMPLE_RATE,
  }));
export type Config = z.output<typeof Config>;

const cache = new WeakMap<object, Config>();

/** The configuration of an env, parsed once per isolate. */
export function configOf(env: Bindings): Config {
  let config = cache.get(env);
  if (!config) {
    config = Config.parse(env);
    cache.set(env, config);
  }
  return config;
}
