import type { MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { configOf, type ApiBases, type Bindings } from '../env';

/**
 * Security headers on every response (ASVS 5.0 §3.4): a strict CSP with a nonce per
 * response (no inline script without it, no plugins, no foreign base or framing), nosniff,
 * a referrer policy, a permissions policy, COOP; HSTS only over https, where it means
 * something.
 */
export function security(): MiddlewareHandler<{ Bindings: Bindings }> {
  const byEnv = new WeakMap<object, MiddlewareHandler>();
  return async (c, next) => {
    let headers = byEnv.get(c.env);
    if (!headers) {
      const config = configOf(c.env);
      headers = headersFor(apiOrigins(config.apiBases), [...new Set(config.thirdParty.map((script) => new URL(script.src).origin))]);
      byEnv.set(c.env, headers);
    }
    await headers(c, next);
    if (new URL(c.req.url).protocol === 'https:') {
      c.header('Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload');
    }
  };
}

/** Origins of the configured API bases, which the browser may call besides the site itself. */
function apiOrigins(bases: ApiBases): string[] {
  const all = [...Object.values(bases.preprod), ...Object.values(bases.production)].filter(Boolean);
  return [...new Set(all.map((base) => new URL(base).origin))];
}

function headersFor(api: string[], vendors: string[]): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE, ...vendors],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', ...vendors],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...api, ...vendors],
      frameSrc: vendors.length > 0 ? vendors : ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-site',
    xFrameOptions: 'DENY',
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
    },
  });
}
