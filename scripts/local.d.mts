import type { ChildProcess } from 'node:child_process';
import type { IncomingHttpHeaders } from 'node:http';

/** The repository's root directory. */
export declare const root: string;
/** The environment wrangler runs in: React's production build when `production`, else the development build. */
export declare function wranglerEnv(options?: { production?: boolean }): NodeJS.ProcessEnv;
/** Sends one request without following redirects; *.localhost resolves to this machine. */
export declare function get(
  url: string,
  options?: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>;

/** A running worker: `origin` is http://localhost:PORT, `china` http://cn.localhost:PORT. */
export interface Worker {
  port: number;
  child: ChildProcess;
  origin: string;
  china: string;
  /** Stops the worker and removes its fresh state. */
  close(): Promise<void>;
}
/** Starts `wrangler dev` on workerd (a free port, fresh seeded state unless told otherwise) and resolves once it answers. */
export declare function startWorker(options?: { port?: number; fresh?: boolean; production?: boolean; log?: string }): Promise<Worker>;
