import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../../worker/index';
import { ctx, fetchWorker } from '../fetch';
import { RMA } from '../forms';
import { JPEG } from '../media';

// The gate before the work (docs/decisions/0055): a support form's client is counted, and a
// CAPTCHA token sent in a header checked, before a byte of the body is read; a form body's
// parts are counted as it streams and refused past the cap; a plain form's CAPTCHA is checked
// before any attachment is looked at; a file without a name is refused by name.

let ip = 0;
const client = () => `10.55.${Math.floor(++ip / 250) % 250}.${ip % 250}`;

/** A body that fails the request if anything reads it. */
const untouchable = () =>
  new ReadableStream<Uint8Array>({
    pull() {
      throw new Error('the body was read');
    },
  });

const post = (init: { headers: Record<string, string>; body: BodyInit }, environment = env) =>
  worker.fetch(new Request('http://localhost/support/forms/rma?region=de', { method: 'POST', duplex: 'half', ...init } as RequestInit), environment, ctx);

afterEach(() => vi.restoreAllMocks());

describe('a support form’s gate', () => {
  it('counts the client before reading the body: past its allowance the answer is 429 and the body is never read', async () => {
    const from = client();
    for (let i = 0; i < 20; i++)
      await post({ headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json', 'CF-Connecting-IP': from }, body: 'x=1' });
    // A stated length, as every browser sends: the guard checks it without reading.
    const res = await post({
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': '64', Accept: 'application/json', 'CF-Connecting-IP': from },
      body: untouchable(),
    });
    expect(res.status).toBe(429);
  });

  it('checks a CAPTCHA token sent in a header before reading the body', async () => {
    const configured = { ...env, TURNSTILE_SITE_KEY: '0x4AAAAAAAtest-site-key', TURNSTILE_SECRET: '0x4AAAAAAAtest-secret' };
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(Response.json({ success: false }));
    const res = await post(
      {
        headers: {
          'Content-Type': 'multipart/form-data; boundary=x',
          'Content-Length': '64',
          Accept: 'application/json',
          'CF-Connecting-IP': client(),
          'cf-turnstile-response': 'bad',
        },
        body: untouchable(),
      },
      configured,
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { data: unknown }).data).toEqual({ fields: { captcha: 'invalid' } });
  });

  it('refuses a body of 100,000 empty fields at the part cap, unread past it', async () => {
    const boundary = 'cap';
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="f"\r\n\r\n\r\n`;
    const body = part.repeat(100_000) + `--${boundary}--\r\n`;
    const res = await post({
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Accept: 'application/json', 'CF-Connecting-IP': client() },
      body,
    });
    expect(res.status).toBe(400);
    // Unreadable: nothing of it was parsed, so no field is named.
    expect(((await res.json()) as { data: unknown }).data).toEqual({});
  });

  it('checks a plain form’s CAPTCHA before looking at its attachments', async () => {
    const configured = { ...env, TURNSTILE_SITE_KEY: '0x4AAAAAAAtest-site-key', TURNSTILE_SECRET: '0x4AAAAAAAtest-secret' };
    const form = new FormData();
    for (const [k, v] of Object.entries(RMA)) form.append(k, v);
    form.append('attachments', new File(['<html><script>alert(1)</script>'], 'photo.jpg', { type: 'image/jpeg' }));
    const res = await post({ headers: { Accept: 'application/json', 'CF-Connecting-IP': client() }, body: form }, configured);
    expect(((await res.json()) as { data: unknown }).data).toEqual({ fields: { captcha: 'invalid' } });
  });

  it('refuses a file sent without a name, saying so beside the attachments', async () => {
    const boundary = 'noname';
    const fields = Object.entries(RMA)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('');
    const body = new Blob([
      fields,
      `--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename=""\r\nContent-Type: image/jpeg\r\n\r\n`,
      JPEG,
      `\r\n--${boundary}--\r\n`,
    ]);
    const res = await fetchWorker('http://localhost/support/forms/rma?region=de', {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'CF-Connecting-IP': client() },
      body,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Eine Datei kam ohne Namen an');
  });
});
