import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { fetchWorker } from '../fetch';

// The one POST pipeline (decision 0027): every path a script calls and a plain form posts to is
// split by what the caller wants, reads its input once, and answers hostile values with a
// clear refusal, never a 5xx, another edition's secrets or a page to a script.

let ip = 0;
const client = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

const PATHS = ['/account/user/subscribe/create', '/support/forms/rma', '/campaign/lucky-draw'] as const;
const HOSTILE = ['__proto__', 'constructor', 'toString', '', 'x'.repeat(10_000), 'de\u0000', '\u202ede', 'DE', ' de '];

function post(path: string, body: string, type: string, headers: Record<string, string> = {}) {
  return fetchWorker(`http://localhost${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': type, 'CF-Connecting-IP': client(), ...headers },
    body,
  });
}

describe('the POST pipeline', () => {
  it.each(PATHS.flatMap((path) => HOSTILE.map((value) => [path, value] as const)))(
    '%s answers a region of %j, in the header and the body, with the envelope in a language it has',
    async (path, value) => {
      const res = await post(path, JSON.stringify({ region: value, email: 'hostile@example.com', campaign: value }), 'application/json', {
        // A header cannot carry control characters at all; the body carries them as sent.
        region: value.replace(/[\u0000-\u001f]/g, '').slice(0, 4_000),
      });
      expect(res.status).toBeLessThan(500);
      const json = (await res.json()) as { code: number; msg: string };
      expect(json.code).toBeGreaterThanOrEqual(4000);
      expect(json.msg).not.toBe('');
    },
  );

  it.each(PATHS)('%s answers a form body with the envelope when the script asks for JSON, and a browser with a page', async (path) => {
    const form = new URLSearchParams({ region: 'us', campaign: 'black-friday', email: 'not-an-address' }).toString();
    const script = await post(path, form, 'application/x-www-form-urlencoded', { Accept: 'application/json' });
    expect(script.headers.get('Content-Type')).toMatch(/^application\/json/);
    // Refused: the address is none (the draw, closed at today's date in the bundled schedule, says so first).
    expect(((await script.json()) as { code: number }).code).toBeGreaterThanOrEqual(4000);
    const browser = await post(path, form, 'application/x-www-form-urlencoded', { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(browser.status).toBeLessThan(500);
    expect(browser.headers.get('Content-Type') ?? '').not.toMatch(/json/);
  });

  it.each(['', '*/*', 'application/json;q=0', 'text/html;q=0, application/json', '\u0000', 'a'.repeat(8_000)])(
    'reads an Accept of %j without failing',
    async (accept) => {
      const res = await post('/support/forms/rma', new URLSearchParams({ region: 'us' }).toString(), 'application/x-www-form-urlencoded', {
        Accept: accept.replace(/\u0000/, ''),
      });
      expect(res.status).toBeLessThan(500);
    },
  );

  it('refuses a cross-site post on every path before reading it, storing nothing', async () => {
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM subscriptions').first<{ n: number }>();
    for (const path of PATHS) {
      const res = await post(path, JSON.stringify({ region: 'us', email: 'csrf-pipeline@example.com' }), 'application/json', {
        Origin: 'https://evil.example',
      });
      expect(res.status).toBe(403);
    }
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM subscriptions').first<{ n: number }>()).toEqual(before);
  });

  it('names an unknown support form as such, to a script and to a browser', async () => {
    const script = await post('/support/forms/__proto__', '{}', 'application/json', { region: 'de' });
    expect(script.status).toBe(404);
    expect(await script.json()).toMatchObject({ code: 4040, msg: 'Dieses Formular gibt es nicht.' });
    const browser = await post('/support/forms/constructor', 'region=us', 'application/x-www-form-urlencoded', { Accept: 'text/html' });
    expect(browser.status).toBe(404);
    expect(await browser.text()).toContain('<html');
  });
});
