import type { Bindings } from '../env';

/**
 * Who a storing rule acts for: the bindings, the client's address (an IPv6 client by its
 * /64) for the rate limits, a way to finish work after the answer, the CAPTCHA check, and
 * the browser's device cookie.
 * A POST handler makes it once with worker/post/input.ts `callerOf`.
 */
export interface Caller {
  env: Bindings;
  client: string;
  /** Runs work after the answer is sent (the execution context's `waitUntil`), so the answer's time does not depend on it. */
  defer: (work: Promise<unknown>) => void;
  /** Whether the caller passed the CAPTCHA (worker/post/input.ts `human`; everyone where none is configured), asked only where a rule needs it. */
  human: () => Promise<boolean>;
  /**
   * Whether the caller proved to be human where a CAPTCHA is configured: false where none is
   * (nothing was proven), so a ceiling that lets a human through holds locally too.
   */
  provedHuman: () => Promise<boolean>;
  /** The entries of the browser's device cookie (worker/post/device-cookie.ts): where a member signed in before. */
  devices: readonly string[];
}
