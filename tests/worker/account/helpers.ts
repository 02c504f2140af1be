import { env } from 'cloudflare:test';
import { fetchWorker } from '../fetch';

// A browser for the account tests of docs/decisions/0054 and 0055: it keeps the cookies the
// worker sets (the session's key, the device cookie) and sends them back, as a browser would.

/** An envelope as the API answers it. */
export interface Envelope<T = Record<string, unknown>> {
  code: number;
  msg: string;
  data: T;
}

let ip = 0;
/** A client address no other test uses. */
export const freshClient = () => `10.54.${Math.floor(++ip / 250) % 250}.${ip % 250}`;

/** A browser: its cookie jar, its client address and its session's apptoken once it has one. */
export class Browser {
  readonly cookies = new Map<string, string>();
  apptoken = '';
  constructor(readonly client = freshClient()) {}

  /** Keeps what an answer sets. */
  keep(res: Response): void {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }

  /** The Cookie header. */
  get cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** A JSON call to the API, with this browser's cookies, client and session. */
  async call<T = Record<string, unknown>>(path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Envelope<T>> {
    const res = await fetchWorker(`http://localhost${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'Content-Type': 'application/json',
        'CF-Connecting-IP': this.client,
        region: 'us',
        Cookie: this.cookie,
        ...(this.apptoken ? { apptoken: this.apptoken } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    this.keep(res);
    const json = (await res.json()) as Envelope<T>;
    const token = (json.data as { apptoken?: unknown } | undefined)?.apptoken;
    if (typeof token === 'string') this.apptoken = token;
    return json;
  }

  /** A plain request (a page, a form post), with this browser's cookies and client. */
  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetchWorker(`http://localhost${path}`, {
      redirect: 'manual',
      ...init,
      headers: { 'CF-Connecting-IP': this.client, Cookie: this.cookie, ...(init.headers as Record<string, string>) },
    });
    this.keep(res);
    return res;
  }
}

export const STRONG = 'Orbit-Lantern-42-Maple';

/** The newest mail to an address in an API group's local outbox. */
export async function lastMail(email: string, db: D1Database = env.ACCOUNTS_US): Promise<string | undefined> {
  return (await db.prepare('SELECT body FROM outbox WHERE recipient = ?1 ORDER BY id DESC').bind(email).first<{ body: string }>())?.body;
}

/** How many mails an address got in an API group's local outbox. */
export async function mails(email: string, db: D1Database = env.ACCOUNTS_US): Promise<number> {
  return (await db.prepare('SELECT COUNT(*) AS n FROM outbox WHERE recipient = ?1').bind(email).first<number>('n')) ?? 0;
}

/** The path of the first link to a path of ours in a mail (`/us/account/confirm?t=…`). */
export function linkIn(body: string | undefined, path: string): string {
  const match = new RegExp(`https?://[^/\\s]+(\\S*${path.replace(/[/?]/g, (c) => `\\${c}`)}\\?t=\\S+)`).exec(body ?? '');
  if (!match) throw new Error(`no ${path} link in: ${body}`);
  return match[1]!;
}

/** Follows a mailed link as a person does: opens its page, then presses its one button (a form post of the token). */
export async function follow(browser: Browser, path: string): Promise<Response> {
  const page = await browser.fetch(path);
  const html = await page.text();
  const token = /name="t" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error(`no button on ${path}: ${page.status}`);
  return browser.fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost' },
    body: new URLSearchParams({ t: token.replace(/&amp;/g, '&') }).toString(),
  });
}
