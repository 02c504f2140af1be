import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LUCKY_DRAW_REGIONS, SIZE_RANGE } from '../../../content/lucky-draw';
import { randomSize } from '../../../kernel/lucky-draw';
import { LOCALE_MESSAGES, type Messages } from '../../../locales';
import { signPreview } from '../../../worker/clock/preview';
import { ctx, fetchWorker } from '../fetch';

/** Inside Black Friday in every region (the campaign runs 18 Nov – 4 Dec 2024). */
const INSIDE = String(Date.parse('2024-11-20T12:00:00Z'));

let ip = 0;
/** A fresh client each call, so each test has its own rate-limit bucket. */
const fresh = () => `198.51.100.${++ip}`;

interface Envelope {
  code: number;
  msg: string;
  data: { created?: boolean; size?: string; random?: boolean; fields?: Record<string, string> };
}

/** Posts an entry as JSON at a moment inside the campaign (unless `at` says otherwise). */
function enter(body: unknown, { client = fresh(), at = INSIDE, headers = {} }: { client?: string; at?: string; headers?: Record<string, string> } = {}) {
  return fetchWorker('http://localhost/campaign/lucky-draw', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': client, Cookie: `timestamp=${at}`, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Posts the form as a browser without JavaScript would. */
function formPost(fields: Record<string, string>, { client = fresh(), at = INSIDE } = {}) {
  return fetchWorker('http://localhost/campaign/lucky-draw', {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': client, Cookie: `timestamp=${at}`, Origin: 'http://localhost' },
    body: new URLSearchParams(fields).toString(),
  });
}

const rows = async (email: string) =>
  (await env.DB.prepare('SELECT email, region, campaign, size, size_chosen FROM lucky_draw_entries WHERE email = ?1 ORDER BY id').bind(email).all()).results;
const count = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM lucky_draw_entries').first<{ n: number }>())!.n;

describe('T-shirt sizes', () => {
  it.each([
    ['us', ['XL', 'XXL', 'XXXL']],
    ['uk', ['L', 'XL', 'XXL', 'XXXL']],
    ['eu', ['XL', 'XXL', 'XXXL']],
    ['fr', ['XL', 'XXL', 'XXXL']],
    ['de', ['XL', 'XXL', 'XXXL']],
  ] as const)('%s gives away %j (docs/spec/content.md §5: XL–XXXL, L–XXXL in the UK)', (region, sizes) => {
    expect(SIZE_RANGE[region]).toEqual(sizes);
  });

  it.each([
    [0, 'L'],
    [0.2499, 'L'],
    [0.25, 'XL'],
    [0.5, 'XXL'],
    [0.9999999, 'XXXL'],
  ])('picks uniformly across the UK range: random %s → %s', (r, size) => {
    expect(randomSize('uk', () => r)).toBe(size);
  });
});

describe('POST /campaign/lucky-draw (JSON)', () => {
  it('stores the entry before it answers, with the chosen size, in the edition’s language', async () => {
    const before = await count();
    const res = await enter({ region: 'de', campaign: 'black-friday', email: ' Gewinner@Example.com ', size: 'XXL' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toEqual({
      code: 2000,
      msg: 'Sie nehmen am Gewinnspiel teil! Ihre T-Shirt-Größe: XXL.',
      data: { created: true, size: 'XXL', random: false },
    });
    expect(await count()).toBe(before + 1);
    expect(await rows('gewinner@example.com')).toEqual([
      { email: 'gewinner@example.com', region: 'de', campaign: 'black-friday', size: 'XXL', size_chosen: 'visitor' },
    ]);
  });

  it.each(LUCKY_DRAW_REGIONS)('picks a size at random from the %s range when none is given, and says which', async (region) => {
    const seen = new Set<string>();
    for (let i = 0; i < 24; i++) {
      const email = `random-${region}-${i}@example.com`;
      const res = await enter({ region, campaign: 'black-friday', email, ...(i % 2 ? { size: '' } : {}) });
      const body = (await res.json()) as Envelope;
      expect(body.code).toBe(2000);
      expect(body.data.random).toBe(true);
      expect(SIZE_RANGE[region]).toContain(body.data.size);
      expect(body.msg).toContain(body.data.size);
      expect(await rows(email)).toEqual([{ email, region, campaign: 'black-friday', size: body.data.size, size_chosen: 'random' }]);
      seen.add(body.data.size!);
    }
    // 24 uniform draws from 3 or 4 sizes all alike: about one chance in 10^11.
    expect(seen.size).toBeGreaterThan(1);
  });

  it('names the random size in each language', async () => {
    const us = (await (await enter({ region: 'us', campaign: 'black-friday', email: 'lucky-us@example.com' })).json()) as Envelope;
    expect(us.msg).toBe(`You're in the lucky draw! We picked your T-shirt size at random: ${us.data.size}.`);
    const uk = (await (await enter({ region: 'uk', campaign: 'black-friday', email: 'lucky-uk@example.com' })).json()) as Envelope;
    expect(uk.msg).toBe(`You're in the prize draw! We chose your T-shirt size at random: ${uk.data.size}.`);
    const fr = (await (await enter({ region: 'fr', campaign: 'black-friday', email: 'lucky-fr@example.com' })).json()) as Envelope;
    expect(fr.msg).toBe(`Vous participez au tirage au sort ! Nous avons tiré votre taille de T-shirt au hasard : ${fr.data.size}.`);
  });

  it('keeps one entry per (email, region, campaign): a repeat stores nothing and answers the size on record', async () => {
    await enter({ region: 'us', campaign: 'black-friday', email: 'twice@example.com', size: 'XL' });
    const before = await count();
    const again = await enter({ region: 'us', campaign: 'black-friday', email: 'TWICE@example.com', size: 'XXXL' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({
      code: 2000,
      msg: 'This email address is already in the lucky draw, with T-shirt size XL.',
      data: { created: false, size: 'XL', random: false },
    });
    expect(await count()).toBe(before);
    expect(await rows('twice@example.com')).toHaveLength(1);
    // Another edition's draw is another entry.
    await enter({ region: 'uk', campaign: 'black-friday', email: 'twice@example.com', size: 'L' });
    expect((await rows('twice@example.com')).map((r) => r.region)).toEqual(['us', 'uk']);
  });

  it('stores one entry when the same address is sent twice at once', async () => {
    const body = { region: 'eu', campaign: 'black-friday', email: 'race@example.com' };
    const answers = (await Promise.all([enter(body), enter(body)]).then((r) => Promise.all(r.map((a) => a.json())))) as Envelope[];
    expect(answers.map((a) => a.code)).toEqual([2000, 2000]);
    expect(answers.map((a) => a.data.created).sort()).toEqual([false, true]);
    expect(answers[0]!.data.size).toBe(answers[1]!.data.size);
    expect(await rows('race@example.com')).toHaveLength(1);
  });

  it.each([
    ['us', { email: 'not-an-email' }, { email: 'invalid' }, 'Incorrect email address format.'],
    ['uk', { email: 'not-an-email' }, { email: 'invalid' }, 'Please enter a valid email address'],
    ['de', { email: 'kein@' }, { email: 'invalid' }, 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
    ['us', { email: '   ' }, { email: 'required' }, 'Enter your email address to take part.'],
    ['fr', { email: '' }, { email: 'required' }, 'Saisissez votre adresse e-mail pour participer.'],
    ['us', { email: 'size@example.com', size: 'L' }, { size: 'invalid' }, 'Choose one of the sizes XL–XXXL, or leave it to us.'],
    ['de', { email: 'size@example.com', size: 'XS' }, { size: 'invalid' }, 'Wählen Sie eine der Größen XL–XXXL oder überlassen Sie die Wahl uns.'],
    ['us', { email: '=HYPERLINK("x")@example.com' }, { email: 'invalid' }, 'Incorrect email address format.'],
  ])('refuses %s %j naming the field (%j) with “%s”, and stores nothing', async (region, fields, problems, msg) => {
    const before = await count();
    const res = await enter({ region, campaign: 'black-friday', ...fields });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 4000, msg, data: { fields: problems } });
    expect(await count()).toBe(before);
  });

  it('accepts L in the UK', async () => {
    const body = (await (await enter({ region: 'uk', campaign: 'black-friday', email: 'small@example.co.uk', size: 'L' })).json()) as Envelope;
    expect(body).toMatchObject({ code: 2000, data: { size: 'L', random: false } });
  });

  it.each([
    ['not json'],
    [[1, 2]],
    [{}],
    [{ region: 'mars', campaign: 'black-friday', email: 'a@example.com' }],
    [{ region: 'kr', campaign: 'black-friday', email: 'a@example.com' }],
    [{ region: 'us', campaign: 'christmas-sale', email: 'a@example.com' }],
    [{ region: 'us', campaign: 'black-friday', email: 42 }],
    [{ region: 'us', campaign: 'black-friday', email: ['a@example.com', 'b@example.com'] }],
    [{ region: 'us', campaign: 'black-friday', email: `${'a'.repeat(400)}@example.com` }],
    [{ region: 'us', campaign: 'black-friday', email: 'a@example.com', size: { $gt: '' } }],
    [{ region: 'us', campaign: 'black-friday', email: 'a@example.com', size: 'xl' }],
  ])('answers the bad body %j with 400 in the envelope, never 5xx, and stores nothing', async (body) => {
    const before = await count();
    const res = await enter(body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as Envelope;
    expect(answer.code).toBe(4000);
    expect(answer.msg).not.toBe('');
    expect(await count()).toBe(before);
  });

  it('passes the POST guard: foreign origins 403, other types 415, large bodies 413', async () => {
    const body = { region: 'us', campaign: 'black-friday', email: 'guard@example.com' };
    expect((await enter(body, { headers: { Origin: 'https://evil.example' } })).status).toBe(403);
    expect((await enter(body, { headers: { 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(403);
    expect((await enter(body, { headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);
    expect((await enter({ ...body, pad: 'x'.repeat(9000) })).status).toBe(413);
    expect(await rows('guard@example.com')).toEqual([]);
  });

  it('rate-limits one client to 10 entries a minute, in the edition’s language', async () => {
    const statuses: number[] = [];
    let last: Envelope | undefined;
    for (let i = 0; i < 12; i++) {
      const res = await enter({ region: 'us', campaign: 'black-friday', email: `burst${i}@example.com` }, { client: '203.0.113.77' });
      statuses.push(res.status);
      last = (await res.json()) as Envelope;
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429, 429]);
    expect(last).toEqual({ code: 4029, msg: 'Too many attempts. Please wait a minute and try again.', data: {} });
    expect(await rows('burst11@example.com')).toEqual([]);
  });

  it('answers a clear localized error and stores nothing when D1 fails', async () => {
    const { default: worker } = await import('../../../worker/index');
    const broken = {
      ...env,
      DB: {
        prepare: () => {
          throw new Error('D1 is down');
        },
      } as unknown as D1Database,
    };
    const res = await worker.fetch(
      new Request('http://localhost/campaign/lucky-draw', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: `timestamp=${INSIDE}` },
        body: JSON.stringify({ region: 'fr', campaign: 'black-friday', email: 'down@example.com' }),
      }),
      broken,
      ctx,
    );
    expect(res.status).toBe(503);
    const body = (await res.json()) as Envelope;
    expect(body.code).toBe(5000);
    expect(body.msg).toBe((LOCALE_MESSAGES['fr-FR'].common as { api: { message: { default: string } } }).api.message.default);
    expect(await rows('down@example.com')).toEqual([]);
  });
});

describe('the draw opens and closes with the campaign page', () => {
  it.each([
    ['us', '2024-11-17T23:59:00-05:00', 'The lucky draw is closed.'],
    ['us', '2024-12-04T00:00:00-05:00', 'The lucky draw is closed.'],
    ['uk', '2025-01-10T12:00:00Z', 'The prize draw has closed.'],
    ['de', '2026-11-23T12:00:00Z', 'Das Gewinnspiel ist beendet.'],
  ])('refuses %s entries at %s with “%s”, and stores nothing', async (region, at, msg) => {
    const email = `closed-${region}-${Date.parse(at)}@example.com`;
    const res = await enter({ region, campaign: 'black-friday', email }, { at: String(Date.parse(at)) });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ code: 4009, msg, data: {} });
    expect(await rows(email)).toEqual([]);
  });

  it.each([
    ['us', '2024-11-18T00:00:00-05:00'],
    ['fr', '2024-12-03T23:59:00+01:00'],
  ])('takes %s entries from the page’s first to its last minute (%s)', async (region, at) => {
    const res = await enter({ region, campaign: 'black-friday', email: `edge-${region}@example.com` }, { at: String(Date.parse(at)) });
    expect(res.status).toBe(200);
  });
});

describe('form posts without JavaScript', () => {
  /** The lucky-draw form of an HTML answer. */
  const formOf = (html: string) => html.slice(html.indexOf('<section id="lucky-draw"'), html.indexOf('</section>', html.indexOf('<section id="lucky-draw"')));

  it('answers with the campaign page, the confirmation naming the random size, and the entry stored', async () => {
    const res = await formPost({ region: 'uk', campaign: 'black-friday', email: 'Form.Fan@Example.co.uk', size: '' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<html lang="en-GB"');
    expect(html).toContain('rel="canonical" href="https://www.robolux.com/uk/black-friday"'.replace('https://www.robolux.com', 'http://localhost'));
    const [row] = await rows('form.fan@example.co.uk');
    expect(SIZE_RANGE.uk).toContain(row?.size);
    const form = formOf(html);
    expect(form).toContain(`data-outcome="entered">You&#x27;re in the prize draw! We chose your T-shirt size at random: ${row!.size}.</p>`);
    expect(form).toContain('value="Form.Fan@Example.co.uk"');
  });

  it('keeps the values and puts the edition’s message beside the field to correct, storing nothing', async () => {
    const res = await formPost({ region: 'de', campaign: 'black-friday', email: 'kein-at-zeichen', size: 'XXL' });
    expect(res.status).toBe(400);
    const form = formOf(await res.text());
    const input = /<input id="lucky-draw-email"[^>]*>/.exec(form)?.[0] ?? '';
    expect(input).toContain('value="kein-at-zeichen"');
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('aria-describedby="lucky-draw-email-error"');
    expect(form).toContain('<span id="lucky-draw-email-error" class="field-error">Bitte geben Sie eine gültige E-Mail-Adresse ein.</span>');
    expect(form).toContain('<option value="XXL" selected="">XXL</option>');
    expect(await rows('kein-at-zeichen')).toEqual([]);
  });

  it('says a UK size is not offered in the US beside the size field', async () => {
    const res = await formPost({ region: 'us', campaign: 'black-friday', email: 'tall@example.com', size: 'L' });
    expect(res.status).toBe(400);
    const form = formOf(await res.text());
    expect(form).toMatch(/<select id="lucky-draw-size"[^>]*aria-invalid="true"/);
    expect(form).toContain('class="field-error">Choose one of the sizes XL–XXXL, or leave it to us.</span>');
    expect(await rows('tall@example.com')).toEqual([]);
  });

  it('escapes what it echoes back', async () => {
    const res = await formPost({ region: 'us', campaign: 'black-friday', email: '"><script>alert(1)</script>', size: '' });
    const html = await res.text();
    expect(res.status).toBe(400);
    expect(html).not.toContain('<script>alert(1)');
    expect(formOf(html)).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('answers a closed draw with its message and the way home', async () => {
    const res = await formPost({ region: 'fr', campaign: 'black-friday', email: 'late@example.fr' }, { at: String(Date.parse('2025-01-10T12:00:00Z')) });
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain('<p role="status">Le tirage au sort est clos.</p>');
    expect(html).toContain('href="/fr"');
    expect(await rows('late@example.fr')).toEqual([]);
  });
});

describe('lucky-draw copy', () => {
  const leaves = (tree: Messages, prefix = ''): [string, string][] =>
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'object' && !Array.isArray(v) ? leaves(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]],
    );
  const reference = new Map(leaves(LOCALE_MESSAGES['en-US']['lucky-draw']!));
  const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

  it.each(['fr-FR', 'de-DE'] as const)('%s has every key, filled, with the same placeholders', (locale) => {
    const own = new Map(leaves(LOCALE_MESSAGES[locale]['lucky-draw']!));
    expect([...own.keys()].sort()).toEqual([...reference.keys()].sort());
    for (const [key, value] of reference) {
      expect(own.get(key)!.trim(), `${locale} ${key}`).not.toBe('');
      expect(placeholders(own.get(key)!), `${locale} ${key}`).toEqual(placeholders(value));
    }
  });

  it.each(['en-GB', 'en-EU'] as const)('%s holds only differences from en-US', (locale) => {
    for (const [key, value] of leaves(LOCALE_MESSAGES[locale]['lucky-draw']!)) {
      expect(reference.has(key), `${locale} ${key}`).toBe(true);
      expect(value, `${locale} ${key} repeats en-US`).not.toBe(reference.get(key));
      expect(placeholders(value)).toEqual(placeholders(reference.get(key)!));
    }
  });
});

describe('GET /ssr/timestamp under a preview', () => {
  const ms = Date.parse('2024-11-28T23:59:50-05:00');
  const ask = async (cookie?: string, environment?: Record<string, string>) => {
    const { default: worker } = await import('../../../worker/index');
    const request = new Request('http://localhost/ssr/timestamp', { headers: cookie ? { Cookie: `timestamp=${cookie}` } : {} });
    const res = environment ? await worker.fetch(request, { ...env, ...environment }, ctx) : await fetchWorker(request);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    return ((await res.json()) as { data: { timestamp: number; preview: string | null } }).data;
  };

  it('answers the real clock without a preview', async () => {
    const before = Date.now();
    const data = await ask();
    expect(data.preview).toBeNull();
    expect(data.timestamp).toBeGreaterThanOrEqual(before - 1000);
    expect(data.timestamp).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('answers the previewed moment locally, which a plain preview may move', async () => {
    expect(await ask(String(ms))).toEqual({ timestamp: ms, preview: 'movable' });
  });

  it('ignores a preview that does not count', async () => {
    expect((await ask('not-a-time')).preview).toBeNull();
  });

  it('in production, counts only a signed preview, which only a new signed link moves', async () => {
    const secret = 'test-secret-long-enough';
    const production = { ENVIRONMENT: 'production', PREVIEW_SECRET: secret };
    const unsigned = await ask(String(ms), production);
    expect(unsigned.preview).toBeNull();
    expect(unsigned.timestamp).not.toBe(ms);
    const signed = await signPreview({ ms, host: 'localhost', expires: Date.now() + 60_000 }, secret);
    expect(await ask(signed, production)).toEqual({ timestamp: ms, preview: 'fixed' });
  });
});
