import type { Bindings } from '../env';

/**
 * Who a storing rule acts for: the bindings, the client's address (an IPv6 client by its
 * /64) for the rate limits, a way to finish work after the answer, and the CAPTCHA check.
 * A POST handler makes it once with worker/post/input.ts `callerOf`.
 */
export interface Caller {
  env: Bindings;
  client: string;
  /** Runs work after the answer is sent (the execution context's `waitUntil`), so the answer's time does not depend on it. */
  defer: (work: Promise<unknown>) => void;
  /** Whether the caller passed the CAPTCHA (worker/post/input.ts `human`; everyone where none is configured), asked only where a rule needs it. */
  human: () => Promise<boolean>;
}
