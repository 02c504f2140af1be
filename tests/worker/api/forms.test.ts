import { env } from 'cloudflare:test';
import { fetchWorker } from '../fetch';
import { describe, expect, it, vi } from 'vitest';
import { submissionFingerprint } from '../../../worker/records/submissions';
import { HOSTILE, JPEG, MP4 } from '../media';
import { RMA } from '../forms';

// The support forms' API (docs/decisions/0014), through the worker in workerd.

let ip = 0;
const client = () => `10.5.${Math.floor(++ip / 250)}.${ip % 250}`;

function multipart(
  kind: string,
  fields: Record<string, string>,
  files: [Uint8Array<ArrayBuffer>, string, string][] = [],
  headers: Record<string, string> = {},
) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const [bytes, name, type] of files) body.append('attachments', new File([bytes], name, { type }));
  return fetchWorker(`http://localhost/support/forms/${kind}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'CF-Connecting-IP': client(), ...headers },
    body,
  });
}

function json(kind: string, fields: Record<string, unknown>, headers: Record<string, string> = {}) {
  return fetchWorker(`http://localhost/support/forms/${kind}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': client(), ...headers },
    body: JSON.stringify(fields),
  });
}

const rows = async (db: D1Database, email: string) =>
  (await db.prepare('SELECT COUNT(*) AS n FROM form_submissions WHERE email = ?').bind(email).first<{ n: number }>())!.n;

describe('support forms', () => {
  it('store an RMA with its photo in the EU group before answering with a reference', async () => {
    const email = 'rma-photo@example.com';
    const res = await multipart('rma', { ...RMA, email }, [[JPEG, 'arm.jpg', 'image/jpeg']]);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('Location')!, 'http://localhost');
    expect(location.pathname).toBe('/de/return-manufacturer');
    expect(location.searchParams.get('form')).toBe('ok');
    const ref = location.searchParams.get('ref')!;
    expect(ref).toMatch(/^RMA-[2-9A-HJ-NP-Z]{8}$/);
    const row = await env.ACCOUNTS_EU.prepare('SELECT * FROM form_submissions WHERE reference = ?').bind(ref).first<{ fields: string; attachments: string }>();
    expect(JSON.parse(row!.fields)).toMatchObject({ serial: 'FB-2024-000123', reason: 'defective' });
    const [stored] = JSON.parse(row!.attachments) as { key: string; type: string }[];
    expect(stored!.type).toBe('image/jpeg');
    expect(await env.ATTACHMENTS_EU.head(stored!.key)).not.toBeNull();
    expect(await rows(env.ACCOUNTS_US, email)).toBe(0);
  });

  it('store one record for a double submit, answering the same reference', async () => {
    const email = 'double@example.com';
    const first = await json('rma', { ...RMA, email });
    const second = await json('rma', { ...RMA, email });
    const a = ((await first.json()) as { data: { reference: string } }).data.reference;
    const b = ((await second.json()) as { data: { reference: string } }).data.reference;
    expect(a).toBe(b);
    expect(await rows(env.ACCOUNTS_EU, email)).toBe(1);
  });

  it('recognise a double submit for a day: the same request a day later is a new one', async () => {
    const email = 'double-later@example.com';
    const ref = async () => ((await (await json('rma', { ...RMA, email })).json()) as { data: { reference: string } }).data.reference;
    const first = await ref();
    // Still a double submit when the first was sent yesterday, less than 24 hours ago: its
    // fingerprint is yesterday's (as a record stored then has), and it is 23 hours old.
    const DAY = 86_400_000;
    const yesterday = async (hours: number) => {
      const row = await env.ACCOUNTS_EU.prepare('SELECT fingerprint, fields FROM form_submissions WHERE reference = ?')
        .bind(first)
        .first<{ fingerprint: string; fields: string }>();
      const content = { kind: 'rma' as const, region: 'de' as const, fields: JSON.parse(row!.fields) as object, files: [] };
      const today = Math.floor(Date.now() / DAY);
      // The record made today carries today's fingerprint (the rule this moves back a day).
      if (hours === 23) expect(row!.fingerprint).toBe(await submissionFingerprint(content, today));
      await env.ACCOUNTS_EU.prepare('UPDATE form_submissions SET fingerprint = ?, created_at = ? WHERE reference = ?')
        .bind(await submissionFingerprint(content, today - 1), Date.now() - hours * 3_600_000, first)
        .run();
    };
    await yesterday(23);
    expect(await ref()).toBe(first);
    await yesterday(25);
    const later = await ref();
    expect(later).not.toBe(first);
    expect(await rows(env.ACCOUNTS_EU, email)).toBe(2);
  });

  it('name every field to correct, in the envelope', async () => {
    const res = await json('rma', { ...RMA, email: 'nope', serial: '<x>', purchaseDate: '2999-01-01', description: 'short', reason: undefined });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: number; data: { fields: Record<string, string> } };
    expect(body.code).toBe(4000);
    expect(body.data.fields).toEqual({ email: 'invalid', serial: 'invalid', purchaseDate: 'invalid', description: 'invalid', reason: 'required' });
  });

  it.each([
    ['a file whose content is not a photo or video, whatever its name', [[new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), 'clip.mp4', 'video/mp4']]],
    ['a script dressed as a photo', [[HOSTILE.script, 'photo.jpg', 'image/jpeg']]],
    ['an HTML page behind a JPEG header', [[HOSTILE.jpegHtml, 'photo.jpg', 'image/jpeg']]],
    ['junk behind ftyp at offset 4', [[HOSTILE.ftypJunk, 'clip.mp4', 'video/mp4']]],
    ['a program named as a video', [[HOSTILE.exe, 'clip.mp4', 'video/mp4']]],
    ['four files', Array.from({ length: 4 }, () => [JPEG, 'a.jpg', 'image/jpeg'])],
  ] as [string, [Uint8Array<ArrayBuffer>, string, string][]][])('refuse %s, storing nothing', async (_, files) => {
    const email = `files-${ip}@example.com`;
    const res = await multipart('rma', { ...RMA, email }, files, { Accept: 'application/json' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { data: { fields: Record<string, string> } }).data.fields).toEqual({ attachments: 'invalid' });
    expect(await rows(env.ACCOUNTS_EU, email)).toBe(0);
  });

  it('refuse attachments on a form that takes none, and a form in an edition that lacks it', async () => {
    const reg = { ...RMA, region: 'us', email: 'reg@example.com' };
    const withFile = await multipart('product-registration', reg, [[JPEG, 'a.jpg', 'image/jpeg']], { Accept: 'application/json' });
    expect(((await withFile.json()) as { code: number }).code).toBe(4000);
    expect(await rows(env.ACCOUNTS_US, 'reg@example.com')).toBe(0);
    expect((await json('tech-support', { ...RMA, region: 'jp', email: 'jp@example.com' })).status).toBe(400);
    expect((await json('checkout', RMA)).status).toBe(404);
  });

  it('accept a wholesale application (us, public)', async () => {
    const res = await json('wholesale', {
      region: 'us',
      name: 'Grace Hopper',
      email: 'buyer@toys.example',
      company: 'Cobol Toys LLC',
      website: 'https://toys.example',
      businessType: 'retailer',
      country: 'US',
      address: '1 Harbor Way, Arlington, VA',
      volume: '50-200',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { reference: string } }).data.reference).toMatch(/^WS-/);
  });

  it('refuse hidden characters in free text', async () => {
    const res = await json('tech-support', {
      ...RMA,
      region: 'us',
      email: 'ts@example.com',
      description: 'The servo \u202estops after a few seconds of dancing.',
    });
    expect(((await res.json()) as { data: { fields: Record<string, string> } }).data.fields).toHaveProperty('description');
  });

  it('limit one client to five submissions in ten minutes', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await json('product-registration', { ...RMA, region: 'us', email: `burst${i}@example.com` }, { 'CF-Connecting-IP': '192.0.2.77' });
      codes.push(((await res.json()) as { code: number }).code);
    }
    expect(codes).toEqual([2000, 2000, 2000, 2000, 2000, 4029]);
  });

  it('cap a body with attachments at three files of 10 MB', { timeout: 120_000 }, async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(JPEG);
    const res = await multipart('rma', { ...RMA, email: 'big@example.com' }, [[big, 'big.jpg', 'image/jpeg']], { Accept: 'application/json' });
    expect(((await res.json()) as { data: { fields: Record<string, string> } }).data.fields).toEqual({ attachments: 'invalid' });
    const huge = new Uint8Array(40 * 1024 * 1024);
    expect((await multipart('rma', { ...RMA, email: 'huge@example.com' }, [[huge, 'x.jpg', 'image/jpeg']])).status).toBe(413);
  });
});

describe('stored attachments', () => {
  it('keep the detected type, a safe name with the detected extension, and a download disposition', async () => {
    const email = 'attachment-names@example.com';
    const res = await multipart(
      'rma',
      { ...RMA, email },
      [
        [JPEG, '../../evil\u202Egpj.exe', 'text/html'],
        [MP4, 'C:\\clips\\arm test.mov.exe', 'application/x-msdownload'],
      ],
      { Accept: 'application/json' },
    );
    expect(res.status).toBe(200);
    const { reference } = ((await res.json()) as { data: { reference: string } }).data;
    const row = await env.ACCOUNTS_EU.prepare('SELECT attachments FROM form_submissions WHERE reference = ?').bind(reference).first<{ attachments: string }>();
    const stored = JSON.parse(row!.attachments) as { key: string; type: string; name: string; size: number }[];
    expect(stored.map(({ type, name, size }) => ({ type, name, size }))).toEqual([
      { type: 'image/jpeg', name: 'evil-gpj.jpg', size: JPEG.length },
      { type: 'video/mp4', name: 'arm-test-mov.mp4', size: MP4.length },
    ]);
    const photo = await env.ATTACHMENTS_EU.get(stored[0]!.key);
    expect(photo!.httpMetadata).toMatchObject({
      contentType: 'image/jpeg',
      contentDisposition: `attachment; filename="evil-gpj.jpg"; filename*=UTF-8''evil-gpj.jpg`,
    });
    expect(photo!.customMetadata).toEqual({ name: 'evil-gpj.jpg' });
    expect(new Uint8Array(await photo!.arrayBuffer())).toEqual(JPEG);
    const clip = await env.ATTACHMENTS_EU.head(stored[1]!.key);
    expect(clip!.httpMetadata?.contentType).toBe('video/mp4');
    expect(clip!.httpMetadata?.contentDisposition).toMatch(/^attachment;/);
  });
});

describe('Turnstile, when configured', () => {
  const configured = { ...env, TURNSTILE_SITE_KEY: '0x4AAAAAAAtest-site-key', TURNSTILE_SECRET: '0x4AAAAAAAtest-secret' };
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  async function send(fields: Record<string, string>, environment: typeof env) {
    const { default: worker } = await import('../../../worker/index');
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    return worker.fetch(
      new Request('http://localhost/support/forms/rma', { method: 'POST', headers: { Accept: 'application/json', 'CF-Connecting-IP': client() }, body }),
      environment,
      ctx,
    );
  }

  it('shows the widget on the form page and lets its origin through the CSP; without a site key, neither', async () => {
    const { default: worker } = await import('../../../worker/index');
    const page = await worker.fetch(new Request('http://localhost/de/return-manufacturer'), configured, ctx);
    expect(await page.text()).toContain('&quot;captcha&quot;:{&quot;siteKey&quot;:&quot;0x4AAAAAAAtest-site-key&quot;');
    const csp = page.headers.get('Content-Security-Policy')!;
    expect(csp).toMatch(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    const plain = await fetchWorker('http://localhost/de/return-manufacturer');
    expect(await plain.text()).not.toContain('siteKey');
    expect(plain.headers.get('Content-Security-Policy')).not.toContain('challenges.cloudflare.com');
  });

  it('stores a form only when Cloudflare verifies its token, and never without one', async () => {
    const verify = vi.spyOn(globalThis, 'fetch');
    try {
      const missing = await send({ ...RMA, email: 'captcha-none@example.com' }, configured);
      expect(missing.status).toBe(400);
      expect(((await missing.json()) as { data: { fields: object } }).data.fields).toEqual({ captcha: 'invalid' });
      expect(verify).not.toHaveBeenCalled();

      verify.mockResolvedValueOnce(Response.json({ success: false }));
      const refused = await send({ ...RMA, email: 'captcha-refused@example.com', 'cf-turnstile-response': 'token-refused' }, configured);
      expect(refused.status).toBe(400);
      const [url, init] = verify.mock.calls[0]!;
      expect(String(url)).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
      expect(((init as RequestInit).body as FormData).get('response')).toBe('token-refused');
      expect(((init as RequestInit).body as FormData).get('secret')).toBe('0x4AAAAAAAtest-secret');

      verify.mockResolvedValueOnce(Response.json({ success: true }));
      const passed = await send({ ...RMA, email: 'captcha-passed@example.com', 'cf-turnstile-response': 'token-good' }, configured);
      expect(((await passed.json()) as { code: number }).code).toBe(2000);
      expect(await rows(env.ACCOUNTS_EU, 'captcha-refused@example.com')).toBe(0);
      expect(await rows(env.ACCOUNTS_EU, 'captcha-passed@example.com')).toBe(1);

      verify.mockRejectedValueOnce(new TypeError('network'));
      expect((await send({ ...RMA, email: 'captcha-down@example.com', 'cf-turnstile-response': 'token-x' }, configured)).status).toBe(400);
    } finally {
      verify.mockRestore();
    }
  });

  it('refuses every form where a site key is configured without its secret (the widget shows, so the check must not pass), and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const verify = vi.spyOn(globalThis, 'fetch');
    try {
      const keyOnly = { ...env, ENVIRONMENT: 'production', TURNSTILE_SITE_KEY: '0x4AAAAAAAtest-site-key' };
      const res = await send({ ...RMA, email: 'captcha-no-secret@example.com', 'cf-turnstile-response': 'token-x' }, keyOnly);
      expect(res.status).toBe(400);
      expect(verify).not.toHaveBeenCalled();
      expect(String(logged.mock.calls.flat())).toContain('TURNSTILE_SECRET');
      // Locally the site key of wrangler.toml alone turns nothing on: no widget, no check.
      const local = await send({ ...RMA, email: 'captcha-local@example.com' }, { ...env, TURNSTILE_SITE_KEY: '0x4AAAAAAAtest-site-key' });
      expect(((await local.json()) as { code: number }).code).toBe(2000);
    } finally {
      verify.mockRestore();
      logged.mockRestore();
    }
    expect(await rows(env.ACCOUNTS_EU, 'captcha-no-secret@example.com')).toBe(0);
  });
});
