import type { Edition } from '../content/editions';
import type { Bundle } from '../content/schema/bundle';
import type { Schedule } from '../content/schema/schedule';
import type { Env } from './env';

declare module 'hono' {
  interface ContextVariableMap {
    /** The edition the request is for. */
    edition: Edition;
    /** Page path under the edition ('' for home). */
    slug: string;
    /** Whether the path was rejected as malformed (answered 400). */
    rejected: boolean;
    /** Effective now: the preview timestamp when one counts, else the clock. */
    now: number;
    /** Whether `now` comes from a preview cookie (responses are then never cached). */
    previewing: boolean;
    /** The edition's content bundle. */
    bundle: Bundle;
    /** The schedule in force. */
    schedule: Schedule;
  }
}

/** The app's environment type for Hono. */
export type AppEnv = { Bindings: Env };
