import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SCHEDULE } from '../../../content/schedule';
import { Schedule } from '../../../content/schema/schedule';
import { ContentStore } from '../../../worker/bundle/store';
import { mergeSchedule } from '../../../worker/clock/merge';
import { campaignMoment, itemShown, liveRegions, stageIn, windowOf } from '../../../worker/clock/stage';

const at = (iso: string) => Date.parse(iso);

describe('campaign stages per campaign and region (bundled defaults)', () => {
  it.each([
    // [campaign, region, moment, stage]
    ['black-friday', 'us', '2024-11-18T04:59:59Z', 0],
    ['black-friday', 'us', '2024-11-18T05:00:00Z', 1],
    ['black-friday', 'uk', '2024-11-18T00:00:00Z', 1],
    ['black-friday', 'de', '2024-11-17T23:00:00Z', 1],
    ['black-friday', 'de', '2024-11-28T22:59:59Z', 1],
    ['black-friday', 'de', '2024-11-28T23:00:00Z', 2],
    ['black-friday', 'fr', '2024-12-01T23:00:00Z', 3],
    ['black-friday', 'eu', '2025-06-01T00:00:00Z', 3],
    ['christmas-sale', 'us', '2024-12-05T04:59:59Z', 0],
    ['christmas-sale', 'us', '2024-12-05T05:00:00Z', 1],
    // Back to School has no thresholds of its own: it counts the US promotion stage.
    ['back-to-school', 'us', '2025-08-11T06:59:59Z', 0],
    ['back-to-school', 'us', '2025-08-23T07:00:00Z', 2],
    ['black-friday', 'kr', '2024-11-20T00:00:00Z', 0],
  ] as const)('%s in %s at %s is stage %i', (campaign, region, iso, stage) => {
    expect(stageIn(DEFAULT_SCHEDULE, region, at(iso), campaign)).toBe(stage);
  });

  it('gives each campaign its next boundary: the next stage, then the end of its page', () => {
    const m = (iso: string) => campaignMoment(DEFAULT_SCHEDULE, 'black-friday', 'uk', at(iso));
    expect(m('2024-11-17T00:00:00Z')).toMatchObject({ stage: 0, live: false, next: at('2024-11-18T00:00:00Z') });
    expect(m('2024-11-20T00:00:00Z')).toMatchObject({ stage: 1, live: true, next: at('2024-11-29T00:00:00Z') });
    expect(m('2024-12-03T00:00:00Z')).toMatchObject({ stage: 3, live: true, next: at('2024-12-04T00:00:00Z') });
    expect(m('2024-12-04T00:00:00Z')).toMatchObject({ stage: 3, live: false, next: undefined });
  });

  it('lists a campaign in the sitemaps of exactly the editions where its page is live', () => {
    const page = { regions: ['us', 'uk', 'eu', 'fr', 'de'] as const, window: 'route:black-friday' };
    expect(liveRegions(page, DEFAULT_SCHEDULE, at('2024-11-17T23:30:00Z'))).toEqual(['eu', 'fr', 'de']);
    expect(liveRegions(page, DEFAULT_SCHEDULE, at('2024-11-18T02:00:00Z'))).toEqual(['uk', 'eu', 'fr', 'de']);
    expect(liveRegions(page, DEFAULT_SCHEDULE, at('2024-12-04T02:00:00Z'))).toEqual(['us']);
    expect(liveRegions(page, DEFAULT_SCHEDULE, at('2026-11-23T00:00:00Z'))).toEqual([]);
  });

  it('shows an undated entry that links to a windowed page only while that page is live', () => {
    const nav = { link: '/christmas-sale' };
    const page = { window: 'route:christmas-sale' };
    expect(itemShown(nav, DEFAULT_SCHEDULE, 'fr', at('2024-12-04T22:59:00Z'), page)).toBe(false);
    expect(itemShown(nav, DEFAULT_SCHEDULE, 'fr', at('2024-12-04T23:00:00Z'), page)).toBe(true);
    expect(itemShown(nav, DEFAULT_SCHEDULE, 'fr', at('2024-12-04T23:00:00Z'))).toBe(true);
    expect(itemShown({ link: '/faq' }, DEFAULT_SCHEDULE, 'us', at('2026-01-01T00:00:00Z'), {})).toBe(true);
  });
});

describe('the KV schedule document', () => {
  const base = DEFAULT_SCHEDULE;

  it('overrides one region’s window with id@region, and every region’s with the plain id', () => {
    const one = mergeSchedule(base, Schedule.parse({ windows: { 'route:black-friday@de': { startTime: '2026-11-20T00:00:00+01:00' } } }));
    expect(windowOf(one, 'route:black-friday', 'de')).toEqual({ startTime: '2026-11-20T00:00:00+01:00' });
    expect(windowOf(one, 'route:black-friday', 'fr')).toEqual(base.windows['route:black-friday@fr']);
    const all = mergeSchedule(base, Schedule.parse({ windows: { 'route:black-friday': { stage: 9 } } }));
    for (const r of ['us', 'uk', 'eu', 'fr', 'de'] as const) expect(windowOf(all, 'route:black-friday', r)).toEqual({ stage: 9 });
  });

  it('overrides a campaign’s thresholds region by region', () => {
    const merged = mergeSchedule(base, Schedule.parse({ campaigns: { 'christmas-sale': { uk: ['2026-12-01T00:00:00Z'] } } }));
    expect(merged.campaigns['christmas-sale']?.uk).toEqual(['2026-12-01T00:00:00Z']);
    expect(merged.campaigns['christmas-sale']?.us).toEqual(base.campaigns['christmas-sale']?.us);
    expect(merged.campaigns['black-friday']).toEqual(base.campaigns['black-friday']);
  });

  it.each([
    ['an unknown campaign', { campaigns: { easter: { us: ['2026-04-01T00:00:00Z'] } } }, 'campaigns'],
    ['thresholds out of order', { campaigns: { 'black-friday': { de: ['2026-11-27T00:00:00Z', '2026-11-20T00:00:00Z'] } } }, 'campaigns.black-friday.de'],
    ['a window for an unknown region', { windows: { 'route:black-friday@xx': {} } }, 'windows.route:black-friday@xx'],
    [
      'a window that ends before it starts',
      { windows: { 'route:black-friday@de': { startTime: '2026-12-01T00:00:00Z', endTime: '2026-11-01T00:00:00Z' } } },
      'windows',
    ],
    ['a window naming an unknown campaign', { windows: { x: { campaign: 'easter' } } }, 'windows.x.campaign'],
  ])('refuses %s, naming the field', (_, doc, path) => {
    const parsed = Schedule.safeParse(doc);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join('.')).join(' ')).toContain(path);
  });

  it('reaches an isolate within a minute: memory keeps a read for 30 s, then KV is read again', async () => {
    let clock = 0;
    let doc: string | null = null;
    const kv = { get: vi.fn(async () => doc) } as unknown as KVNamespace;
    const store = new ContentStore({ clock: () => clock, log: () => {} });
    expect((await store.schedule(kv)).campaigns['black-friday']?.de).toEqual(base.campaigns['black-friday']?.de);
    const moved = ['2026-11-16T00:00:00+01:00', '2026-11-27T00:00:00+01:00', '2026-11-30T00:00:00+01:00'];
    doc = JSON.stringify({ campaigns: { 'black-friday': { de: moved } } });
    clock += 29_000;
    expect((await store.schedule(kv)).campaigns['black-friday']?.de).toEqual(base.campaigns['black-friday']?.de);
    clock += 2_000;
    expect((await store.schedule(kv)).campaigns['black-friday']?.de).toEqual(moved);
  });
});
