#!/usr/bin/env node
// `npm run test:probe:hardening` (not part of `npm test`): the own probe of the fourth hardening
// round (docs/decisions/0054, 0055) against the deployable bundle on a local server, with values
// the round's list does not name. Over 3,000 requests, by class: a member's data (new address,
// an address of another group, folded variants: copy and erasure reach nothing of the victim's),
// lockout (strangers' wrong passwords and resets against members signing in from their own
// browser), mail caps (reset and confirmation mails per address), mailed links (GET and HEAD
// change nothing), the support forms' gate (part floods, unnamed files), the render cache
// (each visitor gets their own label), redirects (no other host), and a 5xx sweep. Fails on
// any app 5xx, any leak, any lost or duplicated row; prints counts per class and writes them to
// dist/quality/probe-hardening.json.
import { Buffer } from 'node:buffer';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { get, queryLocalD1, root, startWorker } from '../local/worker.mjs';

const STRONG = 'Orbit-Lantern-42-Maple';
const run = Date.now().toString(36);
const PARALLEL = 4;
let clients = 0;
const client = () => {
  const i = ++clients;
  return `10.${100 + ((i >> 16) & 127)}.${(i >> 8) & 255}.${i & 255}`;
};

/** Counts per class: requests, 5xx, and findings. */
const classes = {};
const failures = [];
const fail = (what) => failures.push(what);

/** One request; the class's counts follow it. */
async function call(origin, cls, path, { method = 'POST', body, json = true, headers = {}, cookie } = {}) {
  const c = (classes[cls] ??= { requests: 0, app5xx: 0, findings: 0 });
  c.requests++;
  let res;
  try {
    res = await get(`${origin}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'Content-Type': json ? 'application/json' : 'application/x-www-form-urlencoded' } : {}),
        region: 'us',
        'CF-Connecting-IP': client(),
        ...(cookie ? { Cookie: cookie } : {}),
        // A stated length, as browsers send: without it the runtime reads a chunked body whole before the worker runs.
        ...(body !== undefined ? { 'Content-Length': String(Buffer.byteLength(json ? JSON.stringify(body) : body)) } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : json ? JSON.stringify(body) : body,
    });
  } catch (error) {
    // A dropped connection: the dev server's, reported apart from the worker's answers.
    c.dropped = (c.dropped ?? 0) + 1;
    return { status: 0, text: String(error), json: undefined, headers: {} };
  }
  const text = res.body.toString('utf8');
  // The worker's answers carry its security headers; a 5xx without them is the local dev
  // server's own (its runtime restarting under a flood), counted apart and reported.
  if (res.status >= 500 && res.headers['x-content-type-options']) {
    c.app5xx++;
    fail(`${cls}: ${method} ${path} answered ${res.status}: ${text.slice(0, 120)}`);
  } else if (res.status >= 500) c.devServer5xx = (c.devServer5xx ?? 0) + 1;
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, text, json: parsed, headers: res.headers };
}

const finding = (cls, what) => {
  classes[cls].findings++;
  fail(`${cls}: ${what}`);
};

/** The cookies an answer set, as a Cookie header. */
const cookiesOf = (res) => (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');

async function pool(jobs) {
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < jobs.length) await jobs[next++]();
    }),
  );
}

let persistTo;
const worker = await startWorker({ wranglerDev: true, prepare: (dir) => void (persistTo = dir) });
try {
  const origin = worker.origin;
  const ATTACKER = 'Cobalt-Meadow-58-Fjord';
  const register = (email, region = 'us', password = STRONG) =>
    call(origin, 'data', '/account/user/register_or_login', { body: { email, password, agree: true }, headers: { region } });

  // 1. A member's data: victims with records under their address, attackers by three routes.
  const victims = Array.from({ length: 24 }, (_, i) => `victim${i}x${run}@gmail.com`);
  await pool(
    victims.map((email) => async () => {
      await call(origin, 'data', '/account/user/subscribe/create', { body: { email, region: 'us', source: 'footer' } });
      await call(origin, 'data', '/campaign/lucky-draw', {
        body: { region: 'us', campaign: 'black-friday', email, size: 'XL' },
        headers: { Cookie: `timestamp=${Date.parse('2024-11-20T12:00:00Z')}` },
      });
      await call(origin, 'data', '/support/forms/tech-support?region=us', {
        body: {
          region: 'us',
          name: 'Victim',
          email,
          product: 'flagshipBumblebee',
          serial: 'FB-2024-000123',
          purchaseDate: '2024-11-30',
          store: 'Robolux Store US',
          description: 'Private words of the victim, not to be copied.',
        },
      });
    }),
  );
  await pool(
    victims.map((email, i) => async () => {
      const [local] = email.split('@');
      // Every third victim holds a US account; attackers come from another group for those.
      const route = i % 3;
      // The victim's own account: when the dev server dropped its request (counted apart), the
      // address has no account and another group may rightly open one, so that case proves nothing.
      const own = route === 1 ? await register(email, 'us') : undefined;
      const attack = route === 0 ? email : route === 1 ? email : `${local.slice(0, 3)}.${local.slice(3)}+p${i}@googlemail.com`;
      const region = route === 1 ? ['de', 'cn', 'fr', 'jp'][i % 4] : 'us';
      const made = await register(attack, region, ATTACKER);
      if (route === 1 && own?.json?.code === 2000 && made.json?.code === 2000)
        finding('data', `an account of another group was opened or entered without its password (${region})`);
      if (made.json?.code !== 2000) return;
      const session = { cookie: cookiesOf({ headers: made.headers }), headers: { apptoken: made.json.data.apptoken, region } };
      const copy = await call(origin, 'data', '/account/user/data', { method: 'GET', ...session });
      const text = JSON.stringify(copy.json?.data ?? {});
      if (text.includes('Private words') || (copy.json?.data?.luckyDraw ?? []).length || (copy.json?.data?.subscriptions ?? []).length)
        finding('data', `a copy reached a victim's records (route ${route})`);
      await call(origin, 'data', '/account/user/delete', { body: { password: ATTACKER, confirm: true }, ...session });
    }),
  );

  // 2. Lockout: strangers' wrong passwords and resets; the member signs in from their own browser.
  const members = Array.from({ length: 4 }, (_, i) => `member${i}x${run}@example.com`);
  let memberOk = 0;
  let memberTries = 0;
  for (const email of members) {
    const made = await call(origin, 'lockout', '/account/user/register_or_login', { body: { email, password: STRONG, agree: true } });
    const device = cookiesOf(made);
    const jobs = [];
    for (let i = 0; i < 100; i++) {
      jobs.push(() => call(origin, 'lockout', '/account/user/sign_in', { body: { email, password: `Nope-${i}-Quartz-Harbor` } }));
      jobs.push(async () => {
        const reset = await call(origin, 'lockout', '/account/user/password/reset', { body: { email } });
        // Only the worker's own answers count (the dev server's 5xx under load are counted apart).
        if (reset.json !== undefined && reset.json.code !== 2000) finding('lockout', `a reset request answered ${reset.json?.code}`);
      });
      if (i % 20 === 19)
        jobs.push(async () => {
          const own = await call(origin, 'lockout', '/account/user/sign_in', { body: { email, password: STRONG }, cookie: device });
          if (own.json === undefined) return;
          memberTries++;
          if (own.json.code === 2000) memberOk++;
          else finding('lockout', `the member was refused from their own browser (${own.json?.code})`);
        });
    }
    await pool(jobs);
  }

  // 3. Mail caps: a pending sign-up repeated, and resets asked, from many clients.
  const optins = Array.from({ length: 16 }, (_, i) => `optin${i}x${run}@example.com`);
  await pool(
    optins.flatMap((email) =>
      Array.from(
        { length: 13 },
        () => () =>
          call(origin, 'mail', '/account/user/subscribe/create', { body: { email, region: ['de', 'fr', 'uk', 'eu'][email.length % 4], source: 'footer' } }),
      ),
    ),
  );

  // 4. Mailed links: every link of the sign-ups above, fetched by GET and HEAD as a scanner would.
  const links = queryLocalD1(persistTo, 'ACCOUNTS_EU', `SELECT body FROM outbox WHERE recipient LIKE 'optin%x${run}@example.com'`).flatMap((r) =>
    [...r.body.matchAll(/https?:\/\/[^/\s]+(\/[a-z]{2}\/(?:subscribe\/confirm|unsubscribe)\?t=\S+)/g)].map((m) => m[1]),
  );
  await pool(links.flatMap((path) => ['GET', 'HEAD', 'GET'].map((method) => () => call(origin, 'links', path, { method }))));

  // 5. The support forms' gate: part floods, unnamed files, oversized field counts.
  const boundary = 'probe';
  const flood = (n) => `--${boundary}\r\nContent-Disposition: form-data; name="f${n % 7}"\r\n\r\n\r\n`.repeat(n) + `--${boundary}--\r\n`;
  const gateJobs = [];
  for (const n of [65, 200, 5_000, 40_000, 100_000])
    for (let k = 0; k < 4; k++)
      gateJobs.push(async () => {
        const res = await call(origin, 'forms', '/support/forms/rma?region=de', {
          body: flood(n),
          json: false,
          headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Accept: 'application/json' },
        });
        if (res.status && res.status < 500 && res.status !== 400 && res.status !== 429) finding('forms', `a flood of ${n} parts answered ${res.status}`);
      });
  for (let k = 0; k < 20; k++)
    gateJobs.push(async () => {
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nx${k}@example.com\r\n--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename=""\r\nContent-Type: image/png\r\n\r\n${'x'.repeat(50 + k)}\r\n--${boundary}--\r\n`;
      const res = await call(origin, 'forms', '/support/forms/rma?region=de', {
        body,
        json: false,
        headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Accept: 'application/json' },
      });
      if (res.status && res.status < 500 && res.json?.data?.fields?.attachments !== 'required')
        finding('forms', `an unnamed file was not refused by name (${res.status})`);
    });
  await pool(gateJobs);

  // 6. The render cache: visitors of many countries and remembered regions, each their own label.
  const pages = ['/us', '/us/flagship-bumblebee', '/uk', '/de', '/fr/flagship-bumblebee', '/jp', '/kr', '/us/faq', '/eu/manuals', '/us/where-to-buy'];
  const visitors = [
    ['CA', 'Canada - English'],
    ['MX', 'Other Regions - English'],
    ['US', 'United States - English'],
    ['BR', 'Other Regions - English'],
  ];
  const cacheJobs = [];
  for (let round = 0; round < 18; round++)
    for (const page of pages.filter((p) => p.startsWith('/us')))
      for (const [country, label] of visitors)
        cacheJobs.push(async () => {
          const res = await call(origin, 'cache', page, { method: 'GET', headers: { 'CF-IPCountry': country } });
          const shown = /data-region-label="true">([^<]+)</.exec(res.text)?.[1];
          if (shown !== label) finding('cache', `${page} for ${country} showed "${shown}"`);
        });
  for (let round = 0; round < 6; round++)
    for (const page of pages.filter((p) => !p.startsWith('/us'))) cacheJobs.push(() => call(origin, 'cache', page, { method: 'GET' }));
  await pool(cacheJobs);

  // 7. Redirects: every place that takes a next or a target, with hostile values.
  const hostile = [
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    ' //evil.example',
    '\t//evil.example',
    '/.//evil.example',
    'javascript:alert(1)',
    '/\u3002evil.example',
    '//evil.example%00.robolux.com',
    'http:evil.example',
    '/us/../..//evil.example',
    '//@evil.example',
    '/%09/evil.example',
  ];
  const targets = (v) => {
    const e = encodeURIComponent(v);
    return [
      `/region-select?to=${e}&country=US`,
      `/region-suggest/dismiss?next=${e}`,
      `/__preview?at=clear&next=${e}`,
      `/us/login?next=${e}`,
      `/${v.replace(/^\//, '')}`,
      `/us/cookie-settings?next=${e}`,
    ];
  };
  const redirectJobs = [];
  for (let round = 0; round < 6; round++)
    for (const v of hostile)
      for (const path of targets(v))
        redirectJobs.push(async () => {
          const res = await call(origin, 'redirects', path, { method: 'GET' });
          const to = res.headers.location;
          if (to && !(to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\')) && !to.startsWith(origin) && !to.startsWith('http://cn.localhost'))
            finding('redirects', `${path} went to ${to}`);
        });
  await pool(redirectJobs);

  // 8. A 5xx sweep: odd methods, types and bodies on every kind of path.
  const paths = [
    '/account/user/sign_in',
    '/account/user/register_or_login',
    '/account/user/profile',
    '/account/user/data',
    '/account/user/address/resend',
    '/support/forms/rma',
    '/support/forms/nope',
    '/campaign/lucky-draw',
    '/us/login',
    '/us/account/confirm?t=x',
    '/de/unsubscribe?t=x',
    '/de/subscribe/confirm?t=x',
    '/us/cookie-settings',
    '/us',
    '/api/faq?region=us&q=%ff',
  ];
  const bodies = [
    ['application/json', '{'],
    ['application/json', '[]'],
    ['application/json', JSON.stringify({ email: 'ａ@example.com', password: 'x\u0000'.repeat(9) })],
    ['application/x-www-form-urlencoded', 'a=%ZZ&&&&='],
    ['multipart/form-data; boundary=z', '--z\r\nbroken'],
    ['text/plain', 'x'],
  ];
  const sweepJobs = [];
  for (let round = 0; round < 4; round++)
    for (const path of paths)
      for (const [type, body] of bodies)
        for (const method of ['POST', 'PUT'])
          sweepJobs.push(() => call(origin, 'sweep', path, { method, body, json: false, headers: { 'Content-Type': type, Origin: origin } }));
  await pool(sweepJobs);

  // Rows: nothing lost, nothing doubled.
  const rows = {
    victimsSubscriptions: queryLocalD1(persistTo, 'DB', `SELECT COUNT(*) AS n FROM subscriptions WHERE email LIKE 'victim%x${run}@gmail.com'`)[0].n,
    victimsDraw: queryLocalD1(persistTo, 'DB', `SELECT COUNT(*) AS n FROM lucky_draw_entries WHERE email LIKE 'victim%x${run}@gmail.com'`)[0].n,
    victimsForms: queryLocalD1(persistTo, 'ACCOUNTS_US', `SELECT COUNT(*) AS n FROM form_submissions WHERE email LIKE 'victim%x${run}@gmail.com'`)[0].n,
    accountsPerAddress: Math.max(
      0,
      ...['ACCOUNTS_US', 'ACCOUNTS_EU', 'ACCOUNTS_CN']
        .flatMap((db) => queryLocalD1(persistTo, db, `SELECT email FROM users WHERE email LIKE '%x${run}@%'`))
        .reduce((m, r) => m.set(r.email, (m.get(r.email) ?? 0) + 1), new Map())
        .values(),
    ),
    optinMailsMax: Math.max(
      0,
      ...queryLocalD1(persistTo, 'ACCOUNTS_EU', `SELECT COUNT(*) AS n FROM outbox WHERE recipient LIKE 'optin%x${run}@example.com' GROUP BY recipient`).map(
        (r) => r.n,
      ),
    ),
    resetMailsMax: Math.max(
      0,
      ...queryLocalD1(
        persistTo,
        'ACCOUNTS_US',
        `SELECT COUNT(*) AS n FROM outbox WHERE recipient LIKE 'member%x${run}@example.com' AND body LIKE '%reset=%' GROUP BY recipient`,
      ).map((r) => r.n),
    ),
    confirmedByScanners: queryLocalD1(
      persistTo,
      'DB',
      `SELECT COUNT(*) AS n FROM subscriptions WHERE email LIKE 'optin%x${run}@example.com' AND status = 'confirmed'`,
    )[0].n,
    optinRows: queryLocalD1(persistTo, 'DB', `SELECT COUNT(*) AS n FROM subscriptions WHERE email LIKE 'optin%x${run}@example.com'`)[0].n,
  };
  if (rows.victimsSubscriptions !== victims.length || rows.victimsDraw !== victims.length || rows.victimsForms !== victims.length)
    fail(`victims' rows lost or doubled: ${JSON.stringify(rows)}`);
  if (rows.accountsPerAddress > 1) fail(`an address holds ${rows.accountsPerAddress} accounts`);
  if (rows.optinMailsMax > 3 || rows.resetMailsMax > 3) fail(`mail caps broken: ${JSON.stringify(rows)}`);
  if (rows.confirmedByScanners > 0) fail(`${rows.confirmedByScanners} sign-ups confirmed by GET or HEAD`);
  if (rows.optinRows !== optins.length) fail(`sign-ups lost or doubled: ${rows.optinRows} of ${optins.length}`);

  const total = Object.values(classes).reduce((n, c) => n + c.requests, 0);
  const report = { at: new Date().toISOString(), total, classes, memberSignIns: `${memberOk}/${memberTries}`, rows, failures };
  mkdirSync(join(root, 'dist/quality'), { recursive: true });
  writeFileSync(join(root, 'dist/quality/probe-hardening.json'), JSON.stringify(report, null, 2));
  console.table(Object.fromEntries(Object.entries(classes).map(([k, v]) => [k, v])));
  console.log(`probe-hardening: ${total} requests; member sign-ins from their own browser ${memberOk}/${memberTries}; rows ${JSON.stringify(rows)}`);
  if (failures.length) {
    console.error(`probe-hardening: ${failures.length} failure(s):\n${failures.slice(0, 40).join('\n')}`);
    process.exitCode = 1;
  } else console.log('probe-hardening: 0 app 5xx, 0 leaks, 0 lost or duplicated rows');
} finally {
  await worker.close();
}
