import type { ChildProcess } from 'node:child_process';
import type { IncomingHttpHeaders } from 'node:http';

/** The repository's root directory. */
export declare const root: string;
/** The environment wrangler runs in: React's production build when `production`, else the development build. */
export declare function wranglerEnv(options?: { production?: boolean }): NodeJS.ProcessEnv;
/** Applies D1 migrations and seeds KV with the built content bundles. */
export declare function seed(options?: { persistTo?: string; quiet?: boolean }): void;
/** A TCP port nobody listens on right now. */
export declare function freePort(): Promise<number>;

/** A response read whole. */
export interface Got {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
/** Sends one request without following redirects; *.localhost resolves to this machine. */
export declare function get(url: string, options?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Got>;

/** A running worker. */
export interface Worker {
  port: number;
  child: ChildProcess;
  /** The global edition's origin, `http://localhost:PORT`. */
  origin: string;
  /** The China edition's origin, `http://cn.localhost:PORT`. */
  china: string;
  /** Stops the worker and removes its fresh state. */
  close(): Promise<void>;
}
/** Starts `wrangler dev` on workerd and resolves once it answers. */
export declare function startWorker(options?: {
  /** A free one when absent. */
  port?: number;
  /** Seed D1 and KV in a temporary directory (default), else in wrangler's own state dir. */
  fresh?: boolean;
  /** Serve React's production build, as deploy does. */
  production?: boolean;
  /** A file for wrangler's output, or 'inherit'; dropped when absent. */
  log?: string;
}): Promise<Worker>;
