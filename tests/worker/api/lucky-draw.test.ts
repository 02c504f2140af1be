import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { LUCKY_DRAW_REGIONS, SIZE_RANGE } from '../../../content/lucky-draw';
import { randomSize } from '../../../kernel/lucky-draw';
import { LOCALE_MESSAGES, type Messages } from '../../../locales';
import { signPreview } from '../../../worker/clock/preview';
import { drawIdentity } from '../../../worker/records/draw-entries';
import { ctx, fetchWorker } from '../fetch';

/** Inside Black Friday in every region (the campaign runs 18 Nov – 4 Dec 2024). */
const INSIDE = String(Date.parse('2024-11-20T12:00:00Z'));

let ip = 0;
/** A fresh client each call, so each test has its own rate-limit bucket. */
const fresh = () => `198.51.100.${++ip}`;

interface Envelope {
  code: number;
  msg: string;
  data: { fields?: Record<string, string> };
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
const byIdentity = async (identity: string) =>
  (await env.DB.prepare('SELECT email, identity, region, size FROM lucky_draw_entries WHERE identity = ?1 ORDER BY id').bind(identity).all()).results;
const count = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM lucky_draw_entries').first<{ n: number }>())!.n;

/** The mail an address got, oldest first: the outbox of the edition's API group (us: US; uk, eu, fr, de: EU). */
const mails = async (to: string, db: D1Database = env.ACCOUNTS_EU) =>
  (await db.prepare('SELECT subject, body FROM outbox WHERE recipient = ?1 ORDER BY id').bind(to).all<{ subject: string; body: string }>()).results;

/** The answer to a valid entry, in each edition's language: the same for a new entry and a repeat. */
const INBOX = {
  us: "Check your inbox: we've emailed you the details of your lucky draw entry, including your T-shirt size.",
  uk: "Please check your inbox: we've emailed you the details of your prize draw entry, including your T-shirt size.",
  eu: "Please check your inbox: we've emailed you the details of your prize draw entry, including your T-shirt size.",
  fr: 'Consultez votre boîte de réception : nous vous avons envoyé par e-mail le détail de votre participation au tirage au sort, taille de T-shirt comprise.',
  de: 'Bitte sehen Sie in Ihrem Posteingang nach: Wir haben Ihnen die Details Ihrer Teilnahme am Gewinnspiel per E-Mail geschickt, einschließlich Ihrer T-Shirt-Größe.',
} as const;

/** The size a result mail names. */
const sizeIn = (body: string) => /(L|XL|XXL|XXXL)\.\n/.exec(body)?.[1];

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
  it('stores the entry before it answers, says only “check your inbox”, and mails the result to the address', async () => {
    const before = await count();
    const res = await enter({ region: 'de', campaign: 'black-friday', email: ' Gewinner@Example.com ', size: 'XXL' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toEqual({ code: 2000, msg: INBOX.de, data: {} });
    expect(await count()).toBe(before + 1);
    expect(await rows('gewinner@example.com')).toEqual([
      { email: 'gewinner@example.com', region: 'de', campaign: 'black-friday', size: 'XXL', size_chosen: 'visitor' },
    ]);
    // The result goes to the address alone, in the edition's words, by the EU group's mail.
    expect(await mails('gewinner@example.com')).toEqual([
      {
        subject: 'Ihre Teilnahme am Robolux-Gewinnspiel',
        body: expect.stringMatching(/^Sie nehmen am Gewinnspiel teil! Ihre T-Shirt-Größe: XXL\.\n\nJede Person kann pro Aktion einmal/),
      },
    ]);
    expect(await mails('gewinner@example.com', env.ACCOUNTS_US)).toEqual([]);
  });

  // 24 entries and their mails each: more than vitest's 5 s on a loaded machine.
  it.each(LUCKY_DRAW_REGIONS)(
    'picks a size at random from the %s range when none is given, and says which in the mail only',
    { timeout: 60_000 },
    async (region) => {
      const seen = new Set<string>();
      const group = region === 'us' ? env.ACCOUNTS_US : env.ACCOUNTS_EU;
      for (let i = 0; i < 24; i++) {
        const email = `random-${region}-${i}@example.com`;
        const res = await enter({ region, campaign: 'black-friday', email, ...(i % 2 ? { size: '' } : {}) });
        const body = (await res.json()) as Envelope;
        expect(body).toEqual({ code: 2000, msg: INBOX[region], data: {} });
        const [row] = (await rows(email)) as { size: string }[];
        expect(SIZE_RANGE[region]).toContain(row!.size);
        expect(await rows(email)).toEqual([{ email, region, campaign: 'black-friday', size: row!.size, size_chosen: 'random' }]);
        const [mail] = await mails(email, group);
        expect(sizeIn(mail!.body)).toBe(row!.size);
        seen.add(row!.size);
      }
      // 24 uniform draws from 3 or 4 sizes all alike: about one chance in 10^11.
      expect(seen.size).toBeGreaterThan(1);
    },
  );

  it('names the random size in each language, in the mail', { timeout: 30_000 }, async () => {
    const cases = [
      ['us', 'lucky-us@example.com', env.ACCOUNTS_US, 'Your Robolux lucky draw entry', "You're in the lucky draw! We picked your T-shirt size at random: "],
      ['uk', 'lucky-uk@example.com', env.ACCOUNTS_EU, 'Your Robolux prize draw entry', "You're in the prize draw! We chose your T-shirt size at random: "],
      [
        'fr',
        'lucky-fr@example.com',
        env.ACCOUNTS_EU,
        'Votre participation au tirage au sort Robolux',
        'Vous participez au tirage au sort ! Nous avons tiré votre taille de T-shirt au hasard : ',
      ],
    ] as const;
    for (const [region, email, db, subject, text] of cases) {
      await enter({ region, campaign: 'black-friday', email });
      const [row] = (await rows(email)) as { size: string }[];
      expect(await mails(email, db)).toEqual([{ subject, body: expect.stringContaining(`${text}${row!.size}.\n\n`) }]);
    }
  });

  it(
    'keeps one entry per person and campaign across editions: a repeat stores nothing, answers the same, and only the mail names the size on record',
    { timeout: 30_000 },
    async () => {
      const first = await enter({ region: 'us', campaign: 'black-friday', email: 'twice@example.com', size: 'XL' });
      const before = await count();
      const again = await enter({ region: 'us', campaign: 'black-friday', email: 'TWICE@example.com', size: 'XXXL' });
      // Not a byte tells the two apart.
      expect(again.status).toBe(first.status);
      expect(await again.text()).toBe(await first.text());
      expect(await count()).toBe(before);
      // Another edition's draw is the same draw for the same person.
      const uk = await enter({ region: 'uk', campaign: 'black-friday', email: 'twice@example.com', size: 'L' });
      expect(await uk.json()).toEqual({ code: 2000, msg: INBOX.uk, data: {} });
      expect(await rows('twice@example.com')).toEqual([
        { email: 'twice@example.com', region: 'us', campaign: 'black-friday', size: 'XL', size_chosen: 'visitor' },
      ]);
      expect((await mails('twice@example.com', env.ACCOUNTS_US)).map((m) => m.body.split('\n')[0])).toEqual([
        "You're in the lucky draw! Your T-shirt size: XL.",
        'This email address is already in the lucky draw, with T-shirt size XL.',
      ]);
      expect((await mails('twice@example.com')).map((m) => m.body.split('\n')[0])).toEqual([
        'This email address is already in the prize draw, with T-shirt size XL.',
      ]);
    },
  );

  it.each([
    ['plus-tags, case and gmail dots', ['Ann.Lee@gmail.com', 'annlee+draw@gmail.com', 'ANN.LEE+2@GMail.com', 'a.n.n.l.e.e@googlemail.com'], 'annlee@gmail.com'],
    ['full-width letters and at sign', ['ｂｏｂ＠ｅｘａｍｐｌｅ．ｃｏｍ', 'Bob@Example.com', 'bob+bf@example.com', 'ＢＯＢ+x@example.com'], 'bob@example.com'],
    ['ligatures and compatibility forms', ['ﬁona@example.org', 'fiona+１@example.org', 'FIONA@EXAMPLE.ORG'], 'fiona@example.org'],
  ])('counts %s as one person, in every edition, with one answer for all', { timeout: 30_000 }, async (_, variants, identity) => {
    const regions = ['us', 'uk', 'eu', 'fr', 'de'] as const;
    const answers: string[] = [];
    for (const [i, email] of variants.entries()) {
      const region = regions[i % regions.length]!;
      const res = await enter({ region: 'us', campaign: 'black-friday', email });
      expect(res.status, email).toBe(200);
      answers.push(await res.text());
      await enter({ region, campaign: 'black-friday', email });
    }
    expect(new Set(answers).size).toBe(1);
    expect((await byIdentity(identity)).length).toBe(1);
  });

  it('keeps people apart where the rule must: dots outside gmail, other domains, other local parts', { timeout: 30_000 }, async () => {
    for (const email of ['a.b@example.com', 'ab@example.com', 'ab@example.net', 'ab+x@example.net', 'abc@example.net'])
      await enter({ region: 'us', campaign: 'black-friday', email });
    expect((await byIdentity('a.b@example.com')).length).toBe(1);
    expect((await byIdentity('ab@example.com')).length).toBe(1);
    expect((await byIdentity('ab@example.net')).length).toBe(1);
    expect((await byIdentity('abc@example.net')).length).toBe(1);
  });

  it('sends one person at most three result mails a day, so the draw cannot flood a mailbox', { timeout: 30_000 }, async () => {
    for (let i = 0; i < 6; i++) expect((await enter({ region: 'fr', campaign: 'black-friday', email: `flood+${i}@example.fr` })).status).toBe(200);
    expect((await mails('flood+0@example.fr')).length + (await mails('flood+1@example.fr')).length + (await mails('flood+2@example.fr')).length).toBe(3);
    expect((await mails('flood+3@example.fr')).length + (await mails('flood+4@example.fr')).length + (await mails('flood+5@example.fr')).length).toBe(0);
  });

  it('stores one entry when the same address is sent twice at once, and answers both alike', async () => {
    const body = { region: 'eu', campaign: 'black-friday', email: 'race@example.com' };
    const answers = await Promise.all([enter(body), enter(body)]).then((r) => Promise.all(r.map((a) => a.text())));
    expect(answers[0]).toBe(answers[1]);
    expect(JSON.parse(answers[0]!)).toEqual({ code: 2000, msg: INBOX.eu, data: {} });
    expect(await rows('race@example.com')).toHaveLength(1);
    const bodies = (await mails('race@example.com')).map((m) => m.body.split('\n')[0]).sort();
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatch(/^This email address is already in the prize draw/);
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
    expect(body).toEqual({ code: 2000, msg: INBOX.uk, data: {} });
    expect(await rows('small@example.co.uk')).toMatchObject([{ size: 'L' }]);
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

  it('answers a clear localized error and stores nothing when D1 fails, logging no address', async () => {
    const { default: worker } = await import('../../../worker/index');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = {
      ...env,
      DB: {
        prepare: () => {
          throw new Error("D1_ERROR: constraint failed for 'down@example.com'");
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
    expect(logged).toHaveBeenCalled();
    expect(JSON.stringify(logged.mock.calls)).not.toContain('down@example.com');
    logged.mockRestore();
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

  it('answers with the campaign page saying “check your inbox”, the entry stored and its size in the mail alone', async () => {
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
    expect(form).toContain(`data-outcome="entered">${INBOX.uk.replace("'", '&#x27;')}</p>`);
    expect(html).not.toContain(`size at random: ${row!.size}`);
    expect(form).toContain('value="Form.Fan@Example.co.uk"');
    expect(await mails('form.fan@example.co.uk')).toEqual([
      { subject: 'Your Robolux prize draw entry', body: expect.stringContaining(`We chose your T-shirt size at random: ${row!.size}.`) },
    ]);
    // A repeat from another edition's page gets the same page.
    const again = await formPost({ region: 'eu', campaign: 'black-friday', email: 'form.fan+again@example.co.uk', size: 'XXL' });
    expect(formOf(await again.text())).toContain(`data-outcome="entered">${INBOX.eu.replace("'", '&#x27;')}</p>`);
    expect(await rows('form.fan+again@example.co.uk')).toEqual([]);
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

describe('Turnstile on the draw, when configured', () => {
  const configured = { ...env, TURNSTILE_SITE_KEY: '0x4AAAAAAAtest-site-key', TURNSTILE_SECRET: '0x4AAAAAAAtest-secret' };
  async function call(body: Record<string, string>) {
    const { default: worker } = await import('../../../worker/index');
    const request = new Request('http://localhost/campaign/lucky-draw', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': fresh(), Cookie: `timestamp=${INSIDE}` },
      body: JSON.stringify({ region: 'us', campaign: 'black-friday', ...body }),
    });
    return worker.fetch(request, configured, ctx);
  }

  it('shows the widget in the draw form', async () => {
    const { default: worker } = await import('../../../worker/index');
    const page = await worker.fetch(new Request('http://localhost/us/black-friday', { headers: { Cookie: `timestamp=${INSIDE}` } }), configured, ctx);
    const html = await page.text();
    const island = html.slice(html.indexOf('data-island="lucky-draw"'));
    expect(island).toContain('&quot;captcha&quot;:{&quot;siteKey&quot;:&quot;0x4AAAAAAAtest-site-key&quot;');
  });

  it('stores an entry only when Cloudflare verifies its token', async () => {
    const verify = vi.spyOn(globalThis, 'fetch');
    try {
      const missing = await call({ email: 'draw-captcha-none@example.com' });
      expect(missing.status).toBe(400);
      expect(await missing.json()).toEqual({ code: 4000, msg: 'Please confirm you are not a robot and try again.', data: { fields: { captcha: 'invalid' } } });
      expect(verify).not.toHaveBeenCalled();
      verify.mockResolvedValueOnce(Response.json({ success: false }));
      expect((await call({ email: 'draw-captcha-refused@example.com', 'cf-turnstile-response': 'token-refused' })).status).toBe(400);
      verify.mockResolvedValueOnce(Response.json({ success: true }));
      expect((await call({ email: 'draw-captcha-passed@example.com', 'cf-turnstile-response': 'token-good' })).status).toBe(200);
    } finally {
      verify.mockRestore();
    }
    expect(await rows('draw-captcha-none@example.com')).toEqual([]);
    expect(await rows('draw-captcha-refused@example.com')).toEqual([]);
    expect(await rows('draw-captcha-passed@example.com')).toHaveLength(1);
  });
});

describe('migration 0005: identities for the entries stored before it', () => {
  it('gives old entries the identity the worker would, keeps the first entry per person and moves the rest aside, deleting nothing', async () => {
    const queries = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0005_'))!.queries;
    // The migration's own statements, run on scratch tables instead of the real ones.
    const scratch = (sql: string) =>
      sql.replaceAll('lucky_draw_entries_v2', 'scratch_new').replaceAll('lucky_draw_entries', 'scratch_old').replaceAll('lucky_draw_duplicates', 'scratch_dup');
    const run = (sql: string) => env.DB.prepare(sql).run();
    await run('DROP TABLE IF EXISTS scratch_old');
    await run('DROP TABLE IF EXISTS scratch_new');
    await run('DROP TABLE IF EXISTS scratch_dup');
    await run(
      'CREATE TABLE scratch_old (id INTEGER PRIMARY KEY AUTOINCREMENT, email TEXT NOT NULL, region TEXT NOT NULL, campaign TEXT NOT NULL, size TEXT NOT NULL, size_chosen TEXT NOT NULL, created_at INTEGER NOT NULL, UNIQUE (email, region, campaign))',
    );
    const old = [
      ['ann.lee@gmail.com', 'us', 1],
      ['annlee+bf@googlemail.com', 'de', 2],
      ['bob+x@example.com', 'uk', 3],
      ['bob@example.com', 'fr', 4],
      ['b.ob@example.com', 'eu', 5],
      ['dan+@example.com', 'us', 6],
      ['carol@example.com', 'us', 7],
    ] as const;
    for (const [email, region, at] of old)
      await env.DB.prepare(
        "INSERT INTO scratch_old (email, region, campaign, size, size_chosen, created_at) VALUES (?1, ?2, 'black-friday', 'XL', 'visitor', ?3)",
      )
        .bind(email, region, at)
        .run();
    // Statement by statement (the reader of migrations may leave several in one query).
    const statements = queries
      .join(';\n')
      .split(/;\s*(?:\n|$)/)
      .map((q) => q.replace(/^\s*--.*$/gm, '').trim());
    const wanted = /^(CREATE TABLE lucky_draw_entries_v2|CREATE UNIQUE INDEX|INSERT OR IGNORE|CREATE TABLE lucky_draw_duplicates)/;
    expect(statements.filter((q) => wanted.test(q))).toHaveLength(4);
    for (const sql of statements.filter((q) => wanted.test(q))) await run(scratch(sql));

    const kept = (await env.DB.prepare('SELECT email, identity FROM scratch_new ORDER BY id').all<{ email: string; identity: string }>()).results;
    expect(kept.map((r) => r.email)).toEqual(['ann.lee@gmail.com', 'bob+x@example.com', 'b.ob@example.com', 'dan+@example.com', 'carol@example.com']);
    // The SQL rule and the worker's agree on every stored address.
    for (const row of kept) expect(row.identity).toBe(drawIdentity(row.email)!.identity);
    const moved = (await env.DB.prepare('SELECT email FROM scratch_dup ORDER BY id').all<{ email: string }>()).results.map((r) => r.email);
    expect(moved).toEqual(['annlee+bf@googlemail.com', 'bob@example.com']);
    expect(kept.length + moved.length).toBe(old.length);
    await run('DROP TABLE scratch_old');
    await run('DROP TABLE scratch_new');
    await run('DROP TABLE scratch_dup');
  });
});
