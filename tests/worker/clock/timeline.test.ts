import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SCHEDULE } from '../../../content/schedule';
import { mergeSchedule } from '../../../worker/clock/merge';
import { Schedule } from '../../../content/schema/schedule';
import { timeline } from '../../../worker/clock/timeline';
import { timelineHtml } from '../../../worker/pages/campaign/timeline-view';
import { store } from '../../../worker/context/content';
import { ctx, get, getAt, pickAll } from '../fetch';

const row = (e: { at: number; region: string; kind: string; subject: string; change: string }) =>
  `${new Date(e.at).toISOString()} ${e.region} ${e.kind} ${e.subject} ${e.change}`;

describe('the ops timeline of the bundled schedule', () => {
  it('lists every US change in time order: Black Friday, Christmas, the launch nav and banner, Back to School', () => {
    expect(timeline(DEFAULT_SCHEDULE, { regions: ['us'] }).map(row)).toEqual([
      '2024-11-18T05:00:00.000Z us stage black-friday stage 1 Early Black Friday',
      '2024-11-18T05:00:00.000Z us page route:black-friday opens',
      '2024-11-18T05:00:00.000Z us banner banner:us:black-friday shows',
      '2024-11-18T05:00:00.000Z us nav nav:black-friday shows',
      '2024-11-29T05:00:00.000Z us stage black-friday stage 2 Black Friday',
      '2024-12-02T05:00:00.000Z us stage black-friday stage 3 Cyber Monday',
      '2024-12-04T05:00:00.000Z us page route:black-friday closes',
      '2024-12-04T05:00:00.000Z us banner banner:us:black-friday hides',
      '2024-12-04T05:00:00.000Z us nav nav:black-friday hides',
      '2024-12-05T05:00:00.000Z us stage christmas-sale stage 1 Christmas sale',
      '2024-12-05T05:00:00.000Z us page route:christmas-sale opens',
      '2024-12-05T05:00:00.000Z us banner banner:us:christmas-sale shows',
      '2024-12-05T05:00:00.000Z us nav nav:christmas-sale shows',
      '2025-01-06T05:00:00.000Z us page route:christmas-sale closes',
      '2025-01-06T05:00:00.000Z us banner banner:us:christmas-sale hides',
      '2025-01-06T05:00:00.000Z us nav nav:christmas-sale hides',
      '2025-03-27T15:00:00.000Z us nav nav:new-release shows',
      '2025-08-11T07:00:00.000Z us stage back-to-school stage 1 Back to School sale',
      '2025-08-11T07:00:00.000Z us page route:back-to-school opens',
      '2025-08-11T07:00:00.000Z us banner banner:us:back-to-school shows',
      '2025-08-11T07:00:00.000Z us banner banner:us:new-release hides',
      '2025-08-11T07:00:00.000Z us nav nav:back-to-school shows',
      '2025-08-11T07:00:00.000Z us tile home:back-to-school shows',
      '2025-08-23T07:00:00.000Z us stage back-to-school stage 2 Back to School final days',
      '2025-08-26T07:00:00.000Z us stage back-to-school stage 3 after the sale',
      '2025-08-26T07:00:00.000Z us page route:back-to-school closes',
      '2025-08-26T07:00:00.000Z us banner banner:us:back-to-school hides',
      '2025-08-26T07:00:00.000Z us nav nav:back-to-school hides',
      '2025-08-26T07:00:00.000Z us tile home:back-to-school hides',
    ]);
  });

  it('keeps only what falls between --from and --to, and has nothing dated for kr but the launch nav', () => {
    const from = Date.parse('2024-11-28T00:00:00Z');
    const to = Date.parse('2024-12-03T00:00:00Z');
    expect(timeline(DEFAULT_SCHEDULE, { regions: ['de', 'uk'], from, to }).map(row)).toEqual([
      '2024-11-28T23:00:00.000Z de stage black-friday stage 2 Black Friday',
      '2024-11-29T00:00:00.000Z uk stage black-friday stage 2 Black Friday',
      '2024-12-01T23:00:00.000Z de stage black-friday stage 3 Cyber Monday',
      '2024-12-02T00:00:00.000Z uk stage black-friday stage 3 Cyber Monday',
    ]);
    expect(timeline(DEFAULT_SCHEDULE, { regions: ['kr'] }).map(row)).toEqual([]);
  });

  it('shows a KV document under test moving de’s Black Friday, and nothing else', () => {
    const doc = Schedule.parse({
      campaigns: { 'black-friday': { de: ['2026-11-20T00:00:00+01:00', '2026-11-27T00:00:00+01:00', '2026-11-30T00:00:00+01:00'] } },
      windows: { 'route:black-friday@de': { campaign: 'black-friday', startTime: '2026-11-20T00:00:00+01:00', endTime: '2026-12-02T00:00:00+01:00' } },
    });
    const moved = timeline(mergeSchedule(DEFAULT_SCHEDULE, doc), { regions: ['de'] }).filter((e) => e.subject.includes('black-friday'));
    expect(moved.map(row)).toEqual([
      '2026-11-19T23:00:00.000Z de stage black-friday stage 1 Early Black Friday',
      '2026-11-19T23:00:00.000Z de page route:black-friday opens',
      '2026-11-19T23:00:00.000Z de banner banner:de:black-friday shows',
      '2026-11-19T23:00:00.000Z de nav nav:black-friday shows',
      '2026-11-26T23:00:00.000Z de stage black-friday stage 2 Black Friday',
      '2026-11-29T23:00:00.000Z de stage black-friday stage 3 Cyber Monday',
      '2026-12-01T23:00:00.000Z de page route:black-friday closes',
      '2026-12-01T23:00:00.000Z de banner banner:de:black-friday hides',
      '2026-12-01T23:00:00.000Z de nav nav:black-friday hides',
    ]);
    expect(timeline(mergeSchedule(DEFAULT_SCHEDULE, doc), { regions: ['fr'] })).toEqual(timeline(DEFAULT_SCHEDULE, { regions: ['fr'] }));
  });

  it('draws each change with preview links a minute before and after it', () => {
    const events = timeline(DEFAULT_SCHEDULE, { regions: ['uk'] });
    const html = timelineHtml(events, { base: 'http://localhost:8787' });
    const opens = events.find((e) => e.subject === 'route:black-friday' && e.change === 'opens')!;
    expect(opens.at).toBe(Date.parse('2024-11-18T00:00:00Z'));
    expect(html).toContain(`href="http://localhost:8787/__preview?at=${opens.at - 60_000}&amp;next=%2Fuk%2Fblack-friday"`);
    expect(html).toContain(`href="http://localhost:8787/__preview?at=${opens.at + 60_000}&amp;next=%2Fuk%2Fblack-friday"`);
    expect(pickAll(html, /<tr data-event="([^"]+)"/)).toHaveLength(events.length);
    expect(html).toMatch(/<svg[^>]*role="img"/);
  });

  it('never draws two marks over each other: marks closer than their size move down a row', () => {
    const html = timelineHtml(timeline(DEFAULT_SCHEDULE), { base: '' });
    const marks = [...html.matchAll(/<circle cx="([\d.]+)" cy="(\d+)" r="5"\/><\/a>/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
    expect(marks.length).toBe(timeline(DEFAULT_SCHEDULE).length);
    for (const a of marks) for (const b of marks) if (a !== b && a.y === b.y) expect(Math.abs(a.x - b.x)).toBeGreaterThanOrEqual(12);
  });
});

describe('/__timeline', () => {
  afterEach(async () => {
    await env.CONTENT.delete('schedule');
    store.forget();
  });

  it('draws the schedule in force locally, the preview moment marked, and its links lead to the page as it was', async () => {
    const res = await getAt('/__timeline?region=fr', '2024-11-20T00:00:00Z');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('now is 2024-11-20T00:00:00.000Z');
    const links = pickAll(html, /<a href="(\/__preview\?[^"]+)">a minute after<\/a>/).map((h) => h.replaceAll('&amp;', '&'));
    expect(links.length).toBeGreaterThan(5);
    const editions = pickAll(html, /<td data-label="Edition">(\w\w)<\/td>/);
    expect(editions.length).toBeGreaterThan(5);
    expect(editions.every((r) => r === 'fr')).toBe(true);
    // Following "a minute after Black Friday opens" shows the page in its first stage.
    const after = links.find((l) => l.includes('next=%2Ffr%2Fblack-friday'))!;
    const set = await get(after);
    expect(set.status).toBe(302);
    const cookie = /timestamp=(\d+)/.exec(set.headers.get('Set-Cookie') ?? '')![1]!;
    const page = await get(set.headers.get('Location')!, { cookies: { timestamp: cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-campaign="black-friday" data-stage="1"');
  });

  it('reads a KV document pushed for testing', async () => {
    await env.CONTENT.put(
      'schedule',
      JSON.stringify({ windows: { 'route:christmas-sale': { startTime: '2026-12-01T00:00:00Z', endTime: '2026-12-31T00:00:00Z' } } }),
    );
    store.forget();
    const html = await (await get('/__timeline?region=de&from=2026-01-01')).text();
    expect(pickAll(html, /<tr data-event="([^"]+)"/)).toContain('de page route:christmas-sale');
    expect(html).toContain('2026-12-01T00:00:00.000Z');
  });

  it('says the bundled schedule is in force when KV holds none, links the site’s stylesheet and lists no contradiction', async () => {
    const html = await (await get('/__timeline?region=de')).text();
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/site-[\w-]+\.css">/);
    expect(pickAll(html, /<p data-status="in-force">([^<]+)</)).toEqual(['In force: the bundled schedule (KV holds no document).']);
    expect(html).toContain('data-status="no-warnings"');
    expect(html).not.toContain('data-status="rejected"');
  });

  it('says which KV version is in force, who pushed it and when, the dated words it contradicts and the contradictions it brings', async () => {
    const meta = { version: 7, pushedBy: 'ana@example.com', pushedAt: '2026-11-26T10:02:00.000Z', note: 'push de.json' };
    const moved = ['2026-11-16T00:00:00+01:00', '2026-11-27T00:00:00+01:00', '2026-11-30T00:00:00+01:00'];
    await env.CONTENT.put('schedule', JSON.stringify({ campaigns: { 'black-friday': { de: moved } }, meta }));
    store.forget();
    const html = await (await get('/__timeline?region=de')).text();
    expect(pickAll(html, /<p data-status="in-force">([^<]+)</)).toEqual([
      'In force over the bundled schedule: version 7, pushed by ana@example.com on 2026-11-26 10:02 UTC (push de.json).',
    ]);
    // Stages moved without their page window: each starts after the 2024 page has closed, and
    // the first-customers day, counted from the moved Black Friday, falls outside the page.
    const section = (name: string) => html.slice(html.indexOf(`data-status="${name}"`)).split('</div>')[0]!;
    expect(pickAll(section('conflicts'), /<li>([^<]+)<\/li>/)).toEqual([
      'dates.terms:first-customers@de: de the first-customers day (27 Nov 2026) falls outside the Black Friday page (18 Nov 2024 00:00 CET to 4 Dec 2024 00:00 CET): write a day from &quot;2024-11-18&quot; while the page is live',
    ]);
    const warnings = pickAll(section('warnings'), /<li>([^<]+)<\/li>/);
    expect(warnings).toEqual([
      ...[1, 2, 3].map((n) =>
        expect.stringMatching(
          new RegExp(`^campaigns\\.black-friday\\.de: de Black Friday stage ${n} .* starts after its page closes \\(4 Dec 2024 00:00 CET\\)$`),
        ),
      ),
    ]);
  });

  it('says why KV’s document was refused, and logs it once per version as a structured warning', async () => {
    // An isolate that has seen no good KV document yet.
    await store.schedule(env.CONTENT);
    const meta = { version: 8, pushedBy: 'ben@example.com', pushedAt: '2026-11-26T11:00:00.000Z' };
    await env.CONTENT.put('schedule', JSON.stringify({ windows: { 'route:blackfriday@de': { startTime: '2026-11-16T00:00:00+01:00' } }, meta }));
    store.forget();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const html = await (await get('/__timeline?region=de')).text();
      expect(html).toContain('data-status="rejected"');
      expect(pickAll(html, /<p data-status="in-force">([^<]+)</)).toEqual([
        'In force: the bundled schedule: KV&#39;s document (version 8, pushed by ben@example.com on 2026-11-26 11:00 UTC) is refused, and no recorded version passes the check.',
      ]);
      expect(html).toContain('Why KV&#39;s document (version 8, pushed by ben@example.com) is refused:');
      expect(html).toContain('windows.route:blackfriday@de: &quot;route:blackfriday@de&quot; names no window: did you mean &quot;route:black-friday@de&quot;?');
      store.forget();
      await get('/__timeline?region=de');
      await get('/de');
      const logged = warn.mock.calls.map((c) => c[0] as { fault?: string }).filter((event) => event?.fault === 'schedule-rejected');
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({
        fault: 'schedule-rejected',
        version: 'version 8',
        // The pusher's address is scrubbed like every address in a log line.
        pushedBy: '<email>',
        problems: [expect.stringContaining('windows.route:blackfriday@de: "route:blackfriday@de" names no window: did you mean "route:black-friday@de"?')],
      });
    } finally {
      warn.mockRestore();
    }
  });

  it('is not there in production', async () => {
    const { default: worker } = await import('../../../worker/index');
    const res = await worker.fetch(new Request('http://localhost/__timeline'), { ...env, ENVIRONMENT: 'production' }, ctx);
    expect(res.status).not.toBe(200);
    expect(await res.text()).not.toContain('Campaign timeline');
  });
});
