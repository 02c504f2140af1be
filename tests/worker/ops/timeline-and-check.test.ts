import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rollSchedule } from '../../../ops/roll';
import { clearSchedule, terminal } from './io';

// `npm run ops -- schedule check` and `npm run ops -- timeline` in this isolate against the
// test's D1 and KV (ops/run.ts): mistakes in words, and the timeline of what is in force.

const NOW = Date.parse('2026-11-10T12:00:00Z');

beforeEach(clearSchedule);
afterEach(clearSchedule);

describe('schedule check', () => {
  it('accepts a valid file, saying what it was compared with', async () => {
    const ops = terminal({ now: NOW });
    const { code, out } = await ops.ops(
      'schedule',
      'check',
      ops.file('good.json', { windows: { 'banner:uk:new-release': { endTime: '2026-12-24T00:00:00+00:00' } } }),
    );
    expect(code).toBe(0);
    expect(out.split('\n')).toEqual([
      'schedule: local KV serves the bundled schedule (content/schedule.ts) (KV holds no document); good.json merged over it:',
      'schedule: good.json is valid',
    ]);
  });

  it('refuses an invalid file, naming each mistake once, where it is and what to write', async () => {
    const ops = terminal({ now: NOW });
    const bad = ops.file('bad.json', {
      stages: { de: ['next friday'] },
      campaigns: { 'black-friday': { de: ['2026-11-16T00:00:00+01:00', '2026-11-31T00:00:00+01:00', '2026-11-30T00:00:00+01:00'] } },
      windows: { 'route:blackfriday@de': { startTime: '2026-11-16T00:00:00+01:00' } },
    });
    const { code, err } = await ops.ops('schedule', 'check', bad);
    expect(code).toBe(1);
    expect(err.split('\n')).toEqual([
      'schedule: bad.json has 3 mistakes:',
      '  stages.de[0]: "next friday" is not a date and time: write an ISO instant with its UTC offset, e.g. 2026-11-27T00:00:00+01:00 (de, Europe/Berlin)',
      '  campaigns.black-friday.de[1]: "2026-11-31T00:00:00+01:00" is not a date: there is no 31 November',
      '  windows.route:blackfriday@de: "route:blackfriday@de" names no window: did you mean "route:black-friday@de"?',
    ]);
    expect((await ops.ops('schedule', 'check', 'missing.json')).err).toBe('schedule: cannot read missing.json: there is no such file');
  });

  it('warns, without refusing, when a file leaves one edition’s campaigns contradicting each other', async () => {
    const ops = terminal({ now: NOW });
    const { code, err } = await ops.ops('schedule', 'check', ops.file('bf-only.json', rollSchedule(2026, { campaigns: ['black-friday'], regions: ['de'] })));
    expect(code).toBe(0);
    expect(err).toContain('schedule: 1 warning (the document still counts):');
    expect(err).toContain('de Christmas sale (5 Dec 2024 00:00 CET) and Black Friday (16 Nov 2026 00:00 CET) are more than half a year apart');
  });
});

describe('npm run ops -- timeline', () => {
  it('prints one edition’s changes of what is in force in time order and writes the page with preview links to --origin', async () => {
    const ops = terminal({ now: NOW });
    const { code, out, err } = await ops.ops(
      'timeline',
      '--region',
      'de',
      '--from',
      '2024-11-01',
      '--to',
      '2024-12-31',
      '--out',
      'timeline.html',
      '--origin',
      'https://preprod.example.com',
    );
    expect(code, err).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines[0]).toMatch(/^2024-11-17T23:00:00\.000Z\s+de\s+stage\s+black-friday\s+stage 1 Early Black Friday\s+2024-11-18 00:00 \(Europe\/Berlin\)$/);
    expect(lines.some((l) => /2024-12-03T23:00:00\.000Z\s+de\s+page\s+route:black-friday\s+closes/.test(l))).toBe(true);
    expect(lines.every((l) => /^\S+\s+de\s/.test(l))).toBe(true);
    const html = ops.files.get('timeline.html')!;
    expect(html).toContain(`https://preprod.example.com/__preview?at=${Date.parse('2024-11-17T23:00:00Z') - 60_000}&amp;next=%2Fde%2Fblack-friday`);
    expect(html.match(/<tr data-event=/g)).toHaveLength(lines.length);
    // Styled on its own (it opens from a file), and it says which schedule it draws.
    expect(html).toContain('<style>/* ops.css */</style>');
    expect(html).toContain('In force: the bundled schedule (KV holds no document).');
  });

  it('draws a file under test merged over the version in force, and the dated words it would contradict', async () => {
    const ops = terminal({ now: NOW });
    expect((await ops.ops('schedule', 'roll', '--year', '2026', '--push', '--by', 'ana@example.com')).code).toBe(0);
    const extended = ops.file('extended.json', {
      windows: { 'route:black-friday@de': { campaign: 'black-friday', startTime: '2026-11-16T00:00:00+01:00', endTime: '2026-12-10T00:00:00+01:00' } },
    });
    const { out } = await ops.ops('timeline', '--region', 'de', '--file', extended, '--from', '2026-01-01', '--out', 'extended.html');
    expect(out).toMatch(/2026-12-09T23:00:00\.000Z\s+de\s+page\s+route:black-friday\s+closes/);
    const html = ops.files.get('extended.html')!;
    expect(html).toContain(
      'extended.json merged over what local KV serves (version 1, pushed by ana@example.com on 2026-11-10 12:00 UTC (roll --year 2026)), as a push would put it in force.',
    );
    expect(html).toContain('data-status="conflicts"');
    expect(html).toContain('de the prize draw results (before 8 Dec 2026) come before the draw closes with the Black Friday page (10 Dec 2026 00:00 CET)');
  });

  it('links its previews to the local site on PORT', async () => {
    const ops = terminal({ now: NOW, env: { PORT: '9123' } });
    await ops.ops('timeline', '--region', 'uk', '--to', '2024-12-31', '--out', 'port.html');
    const html = ops.files.get('port.html')!;
    expect(html).toContain('href="http://localhost:9123/__preview?at=');
    expect(html).not.toContain('localhost:8787');
  });

  it('draws what KV holds, a document written there without the ops command included', async () => {
    await env.CONTENT.put('schedule', JSON.stringify(rollSchedule(2026, { campaigns: ['black-friday'], regions: ['de'] })));
    const { out } = await terminal({ now: NOW }).ops('timeline', '--region', 'de', '--from', '2026-01-01', '--out', 'x.html');
    expect(out).toMatch(/2026-11-15T23:00:00\.000Z\s+de\s+page\s+route:black-friday\s+opens/);
  });
});
