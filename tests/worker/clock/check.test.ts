import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE } from '../../../content/schedule';
import type { Schedule } from '../../../content/schema/schedule';
import { checkSchedule, contradictions, datedConflicts, problemLine } from '../../../worker/clock/check';
import { mergeSchedule } from '../../../worker/clock/merge';

// The schedule check (docs/decisions/0029): a table of bad schedule files, each with one
// mistake, and the one message it must get — where, what is wrong, what to write instead.

const DE = (stage2: string, stage3 = '2026-11-30T00:00:00+01:00') => ({
  campaigns: { 'black-friday': { de: ['2026-11-16T00:00:00+01:00', stage2, stage3] } },
});

const BAD: [mistake: string, document: unknown, message: string][] = [
  [
    'a route window with a typo in its id',
    { windows: { 'route:blackfriday@de': { startTime: '2026-11-16T00:00:00+01:00' } } },
    'windows.route:blackfriday@de: "route:blackfriday@de" names no window: did you mean "route:black-friday@de"?',
  ],
  [
    'a plain id with a typo',
    { windows: { 'banner:uk:new-relase': { endTime: '2026-08-20T00:00:00+01:00' } } },
    'windows.banner:uk:new-relase: "banner:uk:new-relase" names no window: did you mean "banner:uk:new-release"?',
  ],
  [
    'a window for a region that has no such page',
    { windows: { 'route:black-friday@jp': { startTime: '2026-11-16T00:00:00+09:00' } } },
    'windows.route:black-friday@jp: "route:black-friday" is not in the jp edition (it is in us, uk, eu, fr, de)',
  ],
  [
    'thresholds of a campaign a region does not run',
    { campaigns: { 'black-friday': { jp: ['2026-11-16T00:00:00+09:00', '2026-11-27T00:00:00+09:00', '2026-11-30T00:00:00+09:00'] } } },
    'campaigns.black-friday.jp: "black-friday" is not in the jp edition (it is in us, uk, eu, fr, de)',
  ],
  [
    'two thresholds where the campaign has three stages',
    { campaigns: { 'black-friday': { de: ['2026-11-16T00:00:00+01:00', '2026-11-27T00:00:00+01:00'] } } },
    'campaigns.black-friday.de: black-friday has 3 stages (Early Black Friday, Black Friday, Cyber Monday): de lists 2 thresholds',
  ],
  [
    'Christmas with two thresholds',
    { campaigns: { 'christmas-sale': { uk: ['2026-12-05T00:00:00+00:00', '2026-12-20T00:00:00+00:00'] } } },
    'campaigns.christmas-sale.uk: christmas-sale has 1 stage (Christmas sale): uk lists 2 thresholds',
  ],
  [
    'a day that does not exist',
    DE('2026-11-31T00:00:00+01:00'),
    'campaigns.black-friday.de[1]: "2026-11-31T00:00:00+01:00" is not a date: there is no 31 November',
  ],
  [
    '29 February of a year that is not a leap year',
    { windows: { 'route:black-friday@de': { startTime: '2026-02-29T00:00:00+01:00' } } },
    'windows.route:black-friday@de.startTime: "2026-02-29T00:00:00+01:00" is not a date: there is no 29 February 2026 (2026 is not a leap year)',
  ],
  [
    'a month that does not exist',
    { windows: { 'route:christmas-sale@fr': { endTime: '2027-13-06T00:00:00+01:00' } } },
    'windows.route:christmas-sale@fr.endTime: "2027-13-06T00:00:00+01:00" is not a date: there is no month 13',
  ],
  [
    'a date and time without its UTC offset',
    DE('2026-11-27T00:00:00'),
    'campaigns.black-friday.de[1]: "2026-11-27T00:00:00" has no UTC offset, so it is a different moment in every edition: add the edition\'s, e.g. 2026-11-27T00:00:00+01:00 (de, Europe/Berlin)',
  ],
  [
    'a summer date without its offset (the example gives summer time)',
    { windows: { 'banner:de:new-release': { endTime: '2026-08-27T00:00:00' } } },
    'windows.banner:de:new-release.endTime: "2026-08-27T00:00:00" has no UTC offset, so it is a different moment in every edition: add the edition\'s, e.g. 2026-08-27T00:00:00+02:00 (de, Europe/Berlin)',
  ],
  [
    'a day where a moment is needed',
    { windows: { 'route:black-friday@us': { startTime: '2026-11-16' } } },
    'windows.route:black-friday@us.startTime: "2026-11-16" is a day without a time of day: write the moment it starts, e.g. 2026-11-16T00:00:00-05:00 (us, America/New_York)',
  ],
  [
    'words where a date is needed',
    DE('next friday'),
    'campaigns.black-friday.de[1]: "next friday" is not a date and time: write an ISO instant with its UTC offset, e.g. 2026-11-27T00:00:00+01:00 (de, Europe/Berlin)',
  ],
  [
    'thresholds out of stage order',
    DE('2026-12-01T00:00:00+01:00'),
    'campaigns.black-friday.de[2]: stage 3 (30 Nov 2026 00:00 CET) comes before stage 2 (1 Dec 2026 00:00 CET): thresholds go in stage order',
  ],
  [
    'a window that ends before it starts',
    { windows: { 'route:black-friday@de': { startTime: '2026-11-16T00:00:00+01:00', endTime: '2026-11-10T00:00:00+01:00' } } },
    'windows.route:black-friday@de: it ends (10 Nov 2026 00:00 CET) before it starts (16 Nov 2026 00:00 CET)',
  ],
  [
    'a misspelt window field',
    { windows: { 'route:black-friday@de': { startDate: '2026-11-16T00:00:00+01:00' } } },
    'windows.route:black-friday@de.startDate: "startDate" is not a field of a window: did you mean "startTime"? (a window has campaign, startTime, endTime, stage, stages)',
  ],
  [
    'an unknown region under campaigns',
    { campaigns: { 'black-friday': { xx: [] } } },
    'campaigns.black-friday.xx: "xx" is not a region (the regions are us, uk, eu, fr, de, kr, jp, cn)',
  ],
  [
    'a country code for a region',
    { stages: { gb: [] } },
    'stages.gb: "gb" is not a region: did you mean "uk"? (the regions are us, uk, eu, fr, de, kr, jp, cn)',
  ],
  [
    'a misspelt campaign',
    { campaigns: { blackfriday: {} } },
    'campaigns.blackfriday: "blackfriday" is not a campaign: did you mean "black-friday"? (the campaigns are black-friday, christmas-sale, back-to-school)',
  ],
  [
    'a misspelt section',
    { campains: {} },
    'campains: "campains" is not a section of a schedule: did you mean "campaigns"? (a schedule has stages, campaigns, windows, dates, meta)',
  ],
  [
    'a window naming an unknown campaign',
    { windows: { 'route:black-friday@de': { campaign: 'black friday' } } },
    'windows.route:black-friday@de.campaign: "black friday" is not a campaign: did you mean "black-friday"? (the campaigns are black-friday, christmas-sale, back-to-school)',
  ],
  [
    'Back to School with two thresholds',
    { stages: { us: ['2026-08-10T15:00:00+08:00', '2026-08-22T15:00:00+08:00'] } },
    'stages.us: Back to School has 3 stages (Back to School sale, Back to School final days, after the sale): us lists 2 thresholds',
  ],
  [
    'a dated word on a day that does not exist',
    { dates: { 'terms:returns@uk': '2027-02-30' } },
    'dates.terms:returns@uk: "2027-02-30" is not a date: there is no 30 February',
  ],
  [
    'a misspelt dated word',
    { dates: { 'terms:return@uk': '2027-01-25' } },
    'dates.terms:return@uk: "terms:return@uk" names no dated word: did you mean "terms:returns@uk"?',
  ],
  [
    'a dated word for an edition without it',
    { dates: { 'terms:returns@jp': '2027-01-25' } },
    'dates.terms:returns@jp: "terms:returns" is not in the jp edition (it is in us, uk, eu, fr, de)',
  ],
  [
    'a quarter that does not exist',
    { dates: { 'ships:flagship-megatron': '2026-Q5' } },
    'dates.ships:flagship-megatron: "2026-Q5" is not a date: there is no quarter 5 (quarters are Q1 to Q4)',
  ],
  [
    'a counted date past the campaign’s stages',
    { dates: { 'terms:draw-results': { after: 'black-friday', stage: 4, days: 11 } } },
    'dates.terms:draw-results: black-friday has 3 stages (Early Black Friday, Black Friday, Cyber Monday): "stage" is 1 to 3, not 4',
  ],
  ['not a schedule at all', ['2026-11-27T00:00:00+01:00'], 'a schedule is a JSON object: {"campaigns": {…}, "windows": {…}, "dates": {…}}'],
];

describe('a file with several mistakes', () => {
  it('names each one, the count and the dates of one list alike', () => {
    const result = checkSchedule({ campaigns: { 'black-friday': { de: ['2026-11-31T00:00:00+01:00', '2026-11-28T00:00:00'] } } });
    expect(result.errors?.map(problemLine)).toEqual([
      'campaigns.black-friday.de: black-friday has 3 stages (Early Black Friday, Black Friday, Cyber Monday): de lists 2 thresholds',
      'campaigns.black-friday.de[0]: "2026-11-31T00:00:00+01:00" is not a date: there is no 31 November',
      'campaigns.black-friday.de[1]: "2026-11-28T00:00:00" has no UTC offset, so it is a different moment in every edition: add the edition\'s, e.g. 2026-11-28T00:00:00+01:00 (de, Europe/Berlin)',
    ]);
  });
});

describe('the schedule check', () => {
  it.each(BAD)('%s: one error that says what is wrong', (_mistake, document, message) => {
    const { errors, schedule } = checkSchedule(document);
    expect(schedule).toBeUndefined();
    expect(errors.map(problemLine)).toEqual([message]);
  });

  it('reports each mistake of a document once, and every one of them', () => {
    const { errors } = checkSchedule({
      campaigns: { 'black-friday': { de: ['2026-11-16T00:00:00+01:00', '2026-11-31T00:00:00+01:00', '2026-11-30T00:00:00+01:00'] } },
      windows: { 'route:blackfriday@de': { startTime: '2026-11-16T00:00:00+01:00' } },
    });
    expect(errors.map((e) => e.path)).toEqual(['campaigns.black-friday.de[1]', 'windows.route:blackfriday@de']);
    // An impossible date is not also reported as out of order.
    expect(errors.some((e) => /order|ascend/.test(e.message))).toBe(false);
  });

  it('accepts the bundled schedule, the README example and a rolled year', () => {
    expect(checkSchedule(DEFAULT_SCHEDULE).errors).toEqual([]);
    const readme = {
      campaigns: { 'black-friday': { de: ['2026-11-21T00:00:00+01:00', '2026-11-28T00:00:00+01:00', '2026-12-01T00:00:00+01:00'] } },
      windows: { 'route:black-friday@de': { campaign: 'black-friday', startTime: '2026-11-21T00:00:00+01:00', endTime: '2026-12-03T00:00:00+01:00' } },
    };
    expect(checkSchedule(readme).errors).toEqual([]);
    expect(checkSchedule(readme).schedule?.campaigns['black-friday']?.de).toEqual(readme.campaigns['black-friday'].de);
  });
});

describe('contradictions between one edition’s campaigns', () => {
  it('has none in the bundled schedule', () => {
    expect(contradictions(DEFAULT_SCHEDULE)).toEqual([]);
  });

  it('warns when one campaign moved and the other did not (German Christmas 2024 beside Black Friday 2026)', () => {
    const moved = mergeSchedule(DEFAULT_SCHEDULE, {
      stages: {},
      campaigns: { 'black-friday': { de: ['2026-11-16T00:00:00+01:00', '2026-11-27T00:00:00+01:00', '2026-11-30T00:00:00+01:00'] } },
      windows: { 'route:black-friday@de': { campaign: 'black-friday', startTime: '2026-11-16T00:00:00+01:00', endTime: '2026-12-02T00:00:00+01:00' } },
    });
    const warnings = contradictions(moved).map(problemLine);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^campaigns\.christmas-sale\.de: de Christmas sale \(5 Dec 2024 00:00 CET\) and Black Friday \(16 Nov 2026 00:00 CET\) are more than half a year apart: was one moved without the other\? \(npm run ops -- schedule roll --year 2026 --campaign christmas-sale --region de\)$/,
      ),
    ]);
  });

  it('warns when a stage starts after its page has closed, and when two pages of an edition overlap', () => {
    const bad = mergeSchedule(DEFAULT_SCHEDULE, {
      stages: {},
      campaigns: { 'black-friday': { uk: ['2024-11-18T00:00:00+00:00', '2024-11-29T00:00:00+00:00', '2024-12-05T00:00:00+00:00'] } },
      windows: { 'route:christmas-sale@uk': { campaign: 'christmas-sale', startTime: '2024-12-01T00:00:00+00:00', endTime: '2025-01-06T00:00:00+00:00' } },
    });
    expect(contradictions(bad, ['uk']).map(problemLine)).toEqual([
      'campaigns.black-friday.uk: uk Black Friday stage 3 (Cyber Monday, 5 Dec 2024 00:00 GMT) starts after its page closes (4 Dec 2024 00:00 GMT)',
      'windows.route:christmas-sale@uk: uk Christmas sale opens (1 Dec 2024 00:00 GMT) before Black Friday closes (4 Dec 2024 00:00 GMT): both pages are live at once',
    ]);
  });
});

describe('dated words against the windows they describe', () => {
  const over = (doc: Partial<Schedule>) => mergeSchedule(DEFAULT_SCHEDULE, { stages: {}, campaigns: {}, windows: {}, ...doc });

  it('has none in the bundled schedule', () => {
    expect(datedConflicts(DEFAULT_SCHEDULE)).toEqual([]);
  });

  it.each([
    [
      'draw results promised before the draw closes with the page',
      {
        windows: {
          'route:black-friday@de': { campaign: 'black-friday' as const, startTime: '2024-11-18T00:00:00+01:00', endTime: '2024-12-12T00:00:00+01:00' },
        },
      },
      'dates.terms:draw-results@de: de the prize draw results (before 10 Dec 2024) come before the draw closes with the Black Friday page (12 Dec 2024 00:00 CET): write "terms:draw-results@de": "2024-12-12" or later, or close the page by 10 Dec 2024 00:00 CET',
    ],
    [
      'extended returns ending before the sale does',
      { dates: { 'terms:returns@uk': '2024-12-01' } },
      'dates.terms:returns@uk: uk extended returns (until 1 Dec 2024) end before the Black Friday page closes (4 Dec 2024 00:00 GMT): write "terms:returns@uk": "2024-12-04" or later',
    ],
    [
      'a first-customers day outside the sale',
      { dates: { 'terms:first-customers@fr': '2024-12-20' } },
      'dates.terms:first-customers@fr: fr the first-customers day (20 Dec 2024) falls outside the Black Friday page (18 Nov 2024 00:00 CET to 4 Dec 2024 00:00 CET): write a day from "2024-11-18" while the page is live',
    ],
    [
      'a pre-order that closes before it opens',
      { dates: { 'pre-order-closes:grimlock-g1-flagship@us': '2023-07-01' } },
      'dates.pre-order-closes:grimlock-g1-flagship@us: us the pre-order closes, pre-order-closes:grimlock-g1-flagship (1 Jul 2023), before it opens, pre-order-opens:grimlock-g1-flagship (19 Jul 2023)',
    ],
    [
      'a regular price while pre-orders still run',
      { dates: { 'regular-price:grimlock-g1-flagship@us': '2023-09-15' } },
      'dates.regular-price:grimlock-g1-flagship@us: us the regular price starts, regular-price:grimlock-g1-flagship (15 Sep 2023), while pre-orders still run, to pre-order-closes:grimlock-g1-flagship (30 Sep 2023)',
    ],
    [
      'a shipping date that turns the offer to Buy while pre-orders still run',
      { dates: { 'pre-order-closes:grimlock-g1-flagship@us': '2024-01-31' } },
      'dates.ships:grimlock-g1-flagship@us: us the offer turns from Pre-Order to Buy when ships:grimlock-g1-flagship (late fall 2023) passes, while pre-orders still run, to pre-order-closes:grimlock-g1-flagship (31 Jan 2024)',
    ],
  ])('finds %s, saying what to write', (_, doc, line) => {
    expect(datedConflicts(over(doc as Partial<Schedule>)).map(problemLine)).toContain(line);
  });
});
