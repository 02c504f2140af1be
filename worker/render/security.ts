import type { MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { TURNSTILE_ORIGIN } from '../../kernel/captcha';
import { CACHE } from '../cache';
import { MANIFEST } from './assets';
import { configOf, type ApiBases, type Bindings } from '../env';

/**
 * The header policy (ASVS 5.0 §3.4), in one place: the worker sends it on every response it
 * makes, and the build writes the static assets' `_headers` from it (`staticHeaders`), so the
 * two cannot drift.
 */
const POLICY = {
  referrerPolicy: 'strict-origin-when-cross-origin',
  crossOriginOpenerPolicy: 'same-origin',
  crossOriginResourcePolicy: 'same-site',
  xFrameOptions: 'DENY',
  /** Powerful features no page of ours uses: off for every frame. */
  permissions: ['camera', 'microphone', 'geolocation', 'payment', 'usb'],
  /** Sent only over https, where it means something. */
  hsts: 'max-age=63072000; includeSubDomains; preload',
  /** An SVG or image opened on its own may run nothing. */
  imageCsp: "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
} as const;

/** The Permissions-Policy value: every listed feature off. */
const permissionsPolicy = () => POLICY.permissions.map((feature) => `${feature}=()`).join(', ');

/**
 * The static assets' `_headers` (they skip the worker): the same policy, long caching for
 * hashed files, and HSTS only for a build that is served over https (deploy).
 */
export function staticHeaders({ https }: { https: boolean }): string {
  const common = [
    'X-Content-Type-Options: nosniff',
    `Referrer-Policy: ${POLICY.referrerPolicy}`,
    `X-Frame-Options: ${POLICY.xFrameOptions}`,
    `Cross-Origin-Opener-Policy: ${POLICY.crossOriginOpenerPolicy}`,
    `Cross-Origin-Resource-Policy: ${POLICY.crossOriginResourcePolicy}`,
    `Permissions-Policy: ${permissionsPolicy()}`,
    ...(https ? [`Strict-Transport-Security: ${POLICY.hsts}`] : []),
  ];
  const block = (path: string, lines: string[]) => [path, ...lines.map((l) => `  ${l}`)];
  return [
    ...block('/*', common),
    ...block('/assets/*', [`Cache-Control: ${CACHE.immutable}`]),
    ...block('/images/*', [`Cache-Control: ${CACHE.static}`, `Content-Security-Policy: ${POLICY.imageCsp}`]),
    // What browsers fetch for a document without an icon link (robots.txt, a sitemap, a PDF).
    ...block('/favicon.ico', [`Cache-Control: ${CACHE.static}`]),
    '',
  ].join('\n');
}

/**
 * Security headers on every response the worker makes: a strict CSP (no inline script but
 * the boot lines, by hash, and lines carrying this response's nonce; no plugins, no foreign
 * base or framing), and the shared POLICY; HSTS only over https.
 */
export function security(): MiddlewareHandler<{ Bindings: Bindings; Variables: { scriptOrigins?: string[]; scriptHashes?: string[] } }> {
  const byEnv = new WeakMap<object, MiddlewareHandler>();
  return async (c, next) => {
    let headers = byEnv.get(c.env);
    if (!headers) {
      const config = configOf(c.env);
      headers = headersFor(
        apiOrigins(config.apiBases),
        // Strictly necessary scripts on every answer; the others only where the visitor's
        // consent allows them (the consent step names them: scriptOrigins, decision 0033).
        [...new Set(config.thirdParty.filter((script) => script.category === 'necessary').map((script) => new URL(script.src).origin))],
        config.mediaOrigin ? [config.mediaOrigin] : [],
        config.turnstileSiteKey ? [TURNSTILE_ORIGIN] : [],
      );
      byEnv.set(c.env, headers);
    }
    await headers(c, next);
    // A 304 tells the browser to use the page it stored, whose inline scripts carry the nonce
    // of the response that brought it. Browsers update a stored response's headers from the
    // 304's, so a fresh nonce here would block those scripts: the stored policy stands.
    if (c.res.status === 304) c.res.headers.delete('Content-Security-Policy');
    else {
      const origins = c.get('scriptOrigins') ?? [];
      const hashes = c.get('scriptHashes') ?? [];
      const policy = c.res.headers.get('Content-Security-Policy');
      if ((origins.length || hashes.length) && policy) c.res.headers.set('Content-Security-Policy', withScriptOrigins(policy, origins, hashes));
    }
    if (new URL(c.req.url).protocol === 'https:') c.header('Strict-Transport-Security', POLICY.hsts);
  };
}

/** Directives a third-party script's origin is listed in (as the configured ones are in `headersFor`). */
const VENDOR_DIRECTIVES = new Set(['script-src', 'img-src', 'connect-src', 'frame-src']);

/**
 * A policy with more script origins in the directives a third-party script needs (`'none'`
 * gives way), and hash sources of inline lines made for this visitor in `script-src`.
 */
function withScriptOrigins(policy: string, origins: readonly string[], hashes: readonly string[]): string {
  return policy
    .split(';')
    .map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      if (!VENDOR_DIRECTIVES.has(name)) return directive.trim();
      const kept = sources.filter((s) => s !== "'none'");
      const added = [...origins, ...(name === 'script-src' ? hashes : [])].filter((o) => !kept.includes(o));
      if (kept.length + added.length === 0) return directive.trim();
      return [name, ...kept, ...added].join(' ');
    })
    .join('; ');
}

/** Origins of the configured API bases, which the browser may call besides the site itself. */
function apiOrigins(bases: ApiBases): string[] {
  const all = [...Object.values(bases.preprod), ...Object.values(bases.production)].filter(Boolean);
  return [...new Set(all.map((base) => new URL(base).origin))];
}

function headersFor(api: string[], vendors: string[], media: string[], captcha: string[]): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // The boot lines by their hash (the same in every page, so a cached page needs no
      // rewriting); the nonce for inline lines made for one response (the log-in handoff).
      scriptSrc: ["'self'", `'${MANIFEST.bootHash}'`, NONCE, ...vendors, ...captcha],
      styleSrc: ["'self'"],
      // Pictures: the bundled art, and the media host's photographs (kernel/picture.tsx).
      imgSrc: ["'self'", 'data:', ...media, ...vendors],
      fontSrc: ["'self'"],
      // Product videos: the local clip, or the configured media host.
      mediaSrc: ["'self'", ...media],
      connectSrc: ["'self'", ...api, ...vendors, ...captcha],
      frameSrc: vendors.length + captcha.length > 0 ? [...vendors, ...captcha] : ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: false,
    referrerPolicy: POLICY.referrerPolicy,
    crossOriginOpenerPolicy: POLICY.crossOriginOpenerPolicy,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: POLICY.crossOriginResourcePolicy,
    xFrameOptions: POLICY.xFrameOptions,
    permissionsPolicy: Object.fromEntries(POLICY.permissions.map((feature) => [feature, []])),
  });
}
