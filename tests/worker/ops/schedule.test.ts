import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rollSchedule } from '../../../ops/roll';
import { ContentStore } from '../../../worker/bundle/store';
import { store } from '../../../worker/context/content';
import { d1Sql, recordVersion } from '../../../worker/bundle/versions';
import { getAt } from '../fetch';
import { clearSchedule, terminal, versionNumbers } from './io';

// The schedule's ops commands (ops/run.ts) in this isolate against the test's D1 and KV
// (docs/decisions/0061): the rules each scenario of a routine campaign push is about. One
// end-to-end run of the real command through wrangler is tests/commands/schedule-kv.test.ts.

const UK_BANNER = { windows: { 'banner:uk:new-release': { endTime: '2026-12-24T00:00:00+00:00' } } };
const FR_BANNER = { windows: { 'banner:fr:new-release': { endTime: '2026-12-24T00:00:00+01:00' } } };
const REFUSED = {
  ...rollSchedule(2026),
  windows: { 'route:blackfriday@de': { startTime: '2026-11-16T00:00:00+01:00' } },
  meta: { version: 2, pushedBy: 'ben@example.com', pushedAt: '2026-12-07T11:00:00.000Z', note: 'edited by hand' },
};

/** 7 December 2026: the rolled Christmas sale is live in every campaign edition. */
const CHRISTMAS_2026 = Date.parse('2026-12-07T12:00:00Z');
/** 10 November 2026: the rolled Black Friday is still to come. */
const BEFORE_BLACK_FRIDAY = Date.parse('2026-11-10T12:00:00Z');

/** The year's campaigns rolled and pushed by ana, as version 1. */
async function rolled(now: number) {
  const ana = terminal({ now });
  const { code, out } = await ana.ops('schedule', 'roll', '--year', '2026', '--push', '--by', 'ana@example.com');
  expect(code, out).toBe(0);
  expect(out).toContain('now holds version 1, pushed by ana@example.com');
  // The push lists the changes; roll does not list them a second time before it.
  expect(out.match(/\d+ changes:\n/g)).toHaveLength(1);
}

beforeEach(clearSchedule);
afterEach(clearSchedule);

describe('a refused document in KV', () => {
  it('is not the base of the next push: the push is refused, naming every reason and the version in force, unless --force', async () => {
    await rolled(CHRISTMAS_2026);
    await env.CONTENT.put('schedule', JSON.stringify(REFUSED));
    store.forget();
    // A fresh isolate serves the last good version, not the bundled 2024 schedule.
    const status = await new ContentStore().scheduleStatus(env.CONTENT, env.DB);
    expect(status.source).toBe('version');
    expect(status.meta?.version).toBe(1);
    expect((await getAt('/us/christmas-sale', '2026-12-07T12:00:00Z')).status).toBe(200);

    const ops = terminal({ now: CHRISTMAS_2026 });
    const refused = await ops.ops('schedule', 'push', ops.file('uk.json', UK_BANNER));
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(
      "schedule: local KV serves version 1, pushed by ana@example.com on 2026-12-07 12:00 UTC (roll --year 2026), the last good one: KV's document (version 2, pushed by ben@example.com on 2026-12-07 11:00 UTC (edited by hand)) is refused",
    );
    expect(refused.err).toContain('schedule: local KV holds a document the worker refuses (version 2, pushed by ben@example.com');
    expect(refused.err).toContain('  windows.route:blackfriday@de: "route:blackfriday@de" names no window: did you mean "route:black-friday@de"?');
    expect(refused.err).toContain(
      'Add --force to push anyway (it replaces the refused document), or put version 1, which serves meanwhile, back in KV: npm run ops -- schedule rollback 1',
    );
    expect(await versionNumbers()).toEqual([1]);
    expect(JSON.parse((await env.CONTENT.get('schedule'))!)).toEqual(REFUSED);

    // Forced, it is based on what is in force: one UK change, every edition's 2026 campaigns kept.
    const forced = await ops.ops('schedule', 'push', 'uk.json', '--force');
    expect(forced.code, forced.err).toBe(0);
    expect(forced.out).toContain('1 change:\n  uk banner:uk:new-release closes: 20 Aug 2025 00:00 BST → 24 Dec 2026 00:00 GMT');
    expect(forced.out).toContain('now holds version 3, pushed by ops@example.com');
    const pulled = await ops.ops('schedule', 'pull', '--merged');
    const whole = JSON.parse(pulled.out) as { windows: Record<string, { startTime?: string }> };
    expect(whole.windows['route:christmas-sale@us']?.startTime).toBe('2026-12-05T00:00:00-05:00');
    expect(whole.windows['banner:uk:new-release']).toEqual(UK_BANNER.windows['banner:uk:new-release']);
    for (const path of ['/us/christmas-sale', '/fr/christmas-sale', '/de/christmas-sale'])
      expect((await getAt(path, '2026-12-07T12:00:00Z')).status, path).toBe(200);
  });

  it('is replaced by a rollback, which puts back the version serving meanwhile and says so in ops’ words', async () => {
    await rolled(CHRISTMAS_2026);
    await env.CONTENT.put('schedule', JSON.stringify(REFUSED));
    const ops = terminal({ now: CHRISTMAS_2026 });
    const back = await ops.ops('schedule', 'rollback', '--yes');
    expect(back.code, back.err).toBe(0);
    expect(back.err).toContain('schedule: local KV holds a document the worker refuses (version 2, pushed by ben@example.com');
    expect(back.err).toContain('\nthe rollback replaces it');
    expect(back.err).not.toContain('--force');
    expect(back.out).toContain('rollback to version 1, pushed by ana@example.com on 2026-12-07 12:00 UTC (roll --year 2026):\nno change to what is in force');
    // Numbered past the refused document's own claim, so history never shows two "version 2".
    expect(back.out).toContain('now holds version 3, pushed by ops@example.com on 2026-12-07 12:00 UTC (rollback to version 1)');
    expect(JSON.parse((await env.CONTENT.get('schedule'))!).windows).toEqual(rollSchedule(2026).windows);
  });

  it('is named by pull, and the worker’s rule says which version serves instead', async () => {
    await rolled(CHRISTMAS_2026);
    await env.CONTENT.put('schedule', JSON.stringify(REFUSED));
    const pulled = await terminal({ now: CHRISTMAS_2026 }).ops('schedule', 'pull');
    expect(pulled.code).toBe(0);
    expect(pulled.err).toContain('serves version 1, pushed by ana@example.com on 2026-12-07 12:00 UTC (roll --year 2026), the last good one');
    expect(JSON.parse(pulled.out).meta).toMatchObject({ version: 1, pushedBy: 'ana@example.com' });
  });
});

describe('questions before a push takes something off', () => {
  it('asks before --replace drops the entries in force and takes live pages off, on --local too; no answer writes nothing', async () => {
    await rolled(CHRISTMAS_2026);
    const script = terminal({ now: CHRISTMAS_2026 });
    const unattended = await script.ops('schedule', 'push', script.file('uk.json', UK_BANNER), '--replace');
    expect(unattended.code).toBe(1);
    expect(unattended.out).toContain('This needs your yes before anything is written:');
    expect(unattended.out).toContain('  ! drops campaigns.christmas-sale.us: us Christmas sale stage thresholds (the bundled one comes back)');
    expect(unattended.out).toContain(
      '  ! drops windows.route:christmas-sale@de: de Christmas sale page (route:christmas-sale) window (the bundled one comes back)',
    );
    expect(unattended.out.match(/! drops /g)).toHaveLength(21);
    expect(unattended.out).toContain(
      '  ! takes /us/christmas-sale off now: its window 5 Dec 2026 00:00 EST → 6 Jan 2027 00:00 EST becomes 5 Dec 2024 00:00 EST → 6 Jan 2025 00:00 EST',
    );
    expect(unattended.err).toBe(
      'schedule: nothing was written: the push needs a yes for the 26 items above, and nobody is at a terminal to answer: add --yes to confirm',
    );
    expect(await versionNumbers()).toEqual([1]);

    const no = terminal({ now: CHRISTMAS_2026, answers: ['no'] });
    const declined = await no.ops('schedule', 'push', no.file('uk.json', UK_BANNER), '--replace');
    expect(declined.asked).toEqual(['Push version 2 to local KV? Type "yes" to go on: ']);
    expect(declined.code).toBe(1);
    expect(await versionNumbers()).toEqual([1]);

    const yes = terminal({ now: CHRISTMAS_2026, answers: ['yes'] });
    expect((await yes.ops('schedule', 'push', yes.file('uk.json', UK_BANNER), '--replace')).code).toBe(0);
    expect(await versionNumbers()).toEqual([1, 2]);
    expect((await getAt('/us/christmas-sale', '2026-12-07T12:00:00Z')).status).toBe(302);
  });

  it('asks before a year typo puts two campaign pages of one edition live at once', async () => {
    await rolled(BEFORE_BLACK_FRIDAY);
    const ops = terminal({ now: BEFORE_BLACK_FRIDAY });
    const typo = {
      windows: { 'route:christmas-sale@de': { campaign: 'christmas-sale', startTime: '2025-12-05T00:00:00+01:00', endTime: '2027-01-06T00:00:00+01:00' } },
    };
    const { code, out, err } = await ops.ops('schedule', 'push', ops.file('typo.json', typo));
    expect(code).toBe(1);
    expect(out).toContain(
      '  ! puts two de campaign pages live at once: de Black Friday opens (16 Nov 2026 00:00 CET) before Christmas sale closes (6 Jan 2027 00:00 CET)',
    );
    expect(err).toContain('add --yes to confirm');
    expect(await versionNumbers()).toEqual([1]);
  });

  it('asks before a stage still to come moves into the past', async () => {
    await rolled(BEFORE_BLACK_FRIDAY);
    const ops = terminal({ now: BEFORE_BLACK_FRIDAY });
    const early = { campaigns: { 'black-friday': { fr: ['2026-11-01T00:00:00+01:00', '2026-11-27T00:00:00+01:00', '2026-11-30T00:00:00+01:00'] } } };
    const { code, out } = await ops.ops('schedule', 'push', ops.file('fr.json', early));
    expect(code).toBe(1);
    expect(out).toContain('  ! moves fr Black Friday stage 1 (Early Black Friday) into the past: 16 Nov 2026 00:00 CET → 1 Nov 2026 00:00 CET');
    expect(out.match(/ ! /g)).toHaveLength(1);
    expect(await versionNumbers()).toEqual([1]);
  });

  it('lists what a rollback changes in ops’ words, with the same questions', async () => {
    await rolled(BEFORE_BLACK_FRIDAY);
    const ops = terminal({ now: BEFORE_BLACK_FRIDAY });
    expect((await ops.ops('schedule', 'push', ops.file('uk.json', UK_BANNER), '--by', 'ben@example.com')).code).toBe(0);
    const back = await ops.ops('schedule', 'rollback');
    expect(back.code).toBe(1);
    expect(back.out).toContain('rollback to version 1, pushed by ana@example.com on 2026-11-10 12:00 UTC (roll --year 2026):');
    expect(back.out).toContain('1 change:\n  uk banner:uk:new-release closes: 24 Dec 2026 00:00 GMT → 20 Aug 2025 00:00 BST');
    expect(back.out).toContain('  ! drops windows.banner:uk:new-release: banner:uk:new-release window (the bundled one comes back)');
    expect(back.out).not.toContain('--replace');
    const confirmed = await ops.ops('schedule', 'rollback', '--yes');
    expect(confirmed.out).toContain('now holds version 3, pushed by ops@example.com on 2026-11-10 12:00 UTC (rollback to version 1)');
  });
});

describe('what a push compares against', () => {
  it('checks, rolls and pushes against what is in force, not the bundled 2024 dates', async () => {
    await rolled(BEFORE_BLACK_FRIDAY);
    const ops = terminal({ now: BEFORE_BLACK_FRIDAY });
    const germanBlackFriday = ops.file('bf-de.json', rollSchedule(2026, { campaigns: ['black-friday'], regions: ['de'] }));
    const checked = await ops.ops('schedule', 'check', germanBlackFriday);
    expect(checked.code).toBe(0);
    expect(checked.out).toContain(
      'schedule: local KV serves version 1, pushed by ana@example.com on 2026-11-10 12:00 UTC (roll --year 2026); bf-de.json merged over it:',
    );
    expect(checked.err).toBe('');
    const roll = await ops.ops('schedule', 'roll', '--year', '2026', '--campaign', 'black-friday', '--region', 'de', '--out', 'roll.json');
    expect(roll.out).toContain(
      'against what local KV serves (version 1, pushed by ana@example.com on 2026-11-10 12:00 UTC (roll --year 2026)), it changes nothing',
    );
    expect(roll.err).toBe('');
    const pushed = await ops.ops('schedule', 'push', germanBlackFriday);
    expect(pushed.out).toContain('local KV serves that document already; nothing was pushed');
    expect(pushed.err).toBe('');
  });

  it('says which version a diff is based on, and a push with --base refuses once another landed', async () => {
    await rolled(BEFORE_BLACK_FRIDAY);
    const ops = terminal({ now: BEFORE_BLACK_FRIDAY });
    const diff = await ops.ops('schedule', 'diff', ops.file('uk.json', UK_BANNER));
    expect(diff.out).toContain('uk banner:uk:new-release closes: 20 Aug 2025 00:00 BST → 24 Dec 2026 00:00 GMT');
    expect(diff.out).toContain('based on version 1: `npm run ops -- schedule push uk.json --base 1` refuses if another push lands first');
    expect((await ops.ops('schedule', 'push', ops.file('fr.json', FR_BANNER), '--by', 'ben@example.com')).code).toBe(0);
    const late = await ops.ops('schedule', 'push', 'uk.json', '--base', '1');
    expect(late.code).toBe(1);
    expect(late.err).toContain('this push is based on version 1, but version 2 is the newest (version 2, pushed by ben@example.com');
    expect(late.err).toContain('Since version 1:\n  fr banner:fr:new-release closes: 27 Aug 2025 00:00 CEST → 24 Dec 2026 00:00 CET');
    expect(await versionNumbers()).toEqual([1, 2]);
  });

  it('refuses to push over a version KV never got, and a rollback to it serves it', async () => {
    await rolled(BEFORE_BLACK_FRIDAY);
    // Version 2 recorded, its copy to KV lost.
    await recordVersion(d1Sql(env.DB), 'schedule', {
      version: 2,
      base: 1,
      body: JSON.stringify(FR_BANNER),
      pushedBy: 'ben@example.com',
      pushedAt: '2026-11-10T11:00:00.000Z',
      note: 'push fr.json',
    });
    const ops = terminal({ now: BEFORE_BLACK_FRIDAY });
    const refused = await ops.ops('schedule', 'push', ops.file('uk.json', UK_BANNER));
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      'schedule: KV serves version 1, not the newest recorded, version 2, pushed by ben@example.com on 2026-11-10 11:00 UTC (push fr.json):',
    );
    expect(refused.err).toContain('serve the newest version again with `npm run ops -- schedule rollback 2`');
    const restored = await ops.ops('schedule', 'rollback', '2', '--yes');
    expect(restored.code, restored.err).toBe(0);
    expect(JSON.parse((await env.CONTENT.get('schedule'))!).windows).toEqual(FR_BANNER.windows);
  });
});

describe('two pushes at once', () => {
  it('lands one and refuses the other with its changes; nothing is lost, and the refused one lands when run again', async () => {
    await rolled(BEFORE_BLACK_FRIDAY);
    // Both read version 1 and wait at production's question; then both say yes.
    let release!: () => void;
    const bothAsked = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    const answer = async () => {
      if (++asked === 2) release();
      await bothAsked;
      return 'yes';
    };
    const ana = terminal({ now: BEFORE_BLACK_FRIDAY, answers: [answer] });
    const ben = terminal({ now: BEFORE_BLACK_FRIDAY, answers: [answer] });
    const results = await Promise.all([
      ana.ops('schedule', 'push', ana.file('uk.json', UK_BANNER), '--env', 'production', '--by', 'ana@example.com'),
      ben.ops('schedule', 'push', ben.file('fr.json', FR_BANNER), '--env', 'production', '--by', 'ben@example.com'),
    ]);
    expect(results.map((r) => r.code).toSorted()).toEqual([0, 1]);
    const [landed, refused] = results[0]!.code === 0 ? [results[0]!, results[1]!] : [results[1]!, results[0]!];
    const [winner, line] = landed === results[0] ? ['ana', 'uk banner:uk:new-release closes'] : ['ben', 'fr banner:fr:new-release closes'];
    expect(landed.out).toContain(`now holds version 2, pushed by ${winner}@example.com`);
    expect(refused.err).toContain(`this push is based on version 1, but version 2 landed meanwhile (version 2, pushed by ${winner}@example.com`);
    expect(refused.err).toContain(`Since version 1:\n  ${line}`);
    expect(refused.err).toContain('nothing was written');
    expect(await versionNumbers()).toEqual([1, 2]);

    // The refused push, run again: merged over version 2, it lands as version 3.
    const [loser, file] = landed === results[0] ? [ben, 'fr.json'] : [ana, 'uk.json'];
    const rerun = await loser.ops('schedule', 'push', file, '--env', 'production', '--yes');
    expect(rerun.code, rerun.err).toBe(0);
    const history = await terminal({ now: BEFORE_BLACK_FRIDAY }).ops('schedule', 'history');
    expect(history.out.split('\n')).toEqual([
      '  version 1, pushed by ana@example.com on 2026-11-10 12:00 UTC (roll --year 2026)',
      expect.stringMatching(/^ {2}version 2, pushed by (ana|ben)@example\.com on 2026-11-10 12:00 UTC \(push (uk|fr)\.json\)$/),
      expect.stringMatching(/^\* version 3, pushed by \S+ on 2026-11-10 12:00 UTC \(push (uk|fr)\.json\)$/),
    ]);
    const windows = JSON.parse((await env.CONTENT.get('schedule'))!).windows;
    expect(windows).toMatchObject({ ...UK_BANNER.windows, ...FR_BANNER.windows });
  });
});

describe('dated words against the windows they describe', () => {
  it('refuses a German Black Friday extended past the day the draw results are promised, saying what to write', async () => {
    await rolled(BEFORE_BLACK_FRIDAY);
    const ops = terminal({ now: BEFORE_BLACK_FRIDAY });
    const extended = {
      windows: { 'route:black-friday@de': { campaign: 'black-friday', startTime: '2026-11-16T00:00:00+01:00', endTime: '2026-12-10T00:00:00+01:00' } },
    };
    const conflict =
      '  dates.terms:draw-results@de: de the prize draw results (before 8 Dec 2026) come before the draw closes with the Black Friday page (10 Dec 2026 00:00 CET): write "terms:draw-results@de": "2026-12-10" or later, or close the page by 8 Dec 2026 00:00 CET';
    const checked = await ops.ops('schedule', 'check', ops.file('extended.json', extended));
    expect(checked.code).toBe(1);
    expect(checked.err).toBe(`schedule: extended.json would put 1 contradiction in force:\n${conflict}`);
    const pushed = await ops.ops('schedule', 'push', 'extended.json');
    expect(pushed.code).toBe(1);
    expect(pushed.err).toContain(conflict);
    expect(await versionNumbers()).toEqual([1]);

    // Fixed, it still runs into Christmas, which opens on 5 December: a question, answered.
    const fixed = await ops.ops('schedule', 'push', ops.file('fixed.json', { ...extended, dates: { 'terms:draw-results@de': '2026-12-11' } }), '--yes');
    expect(fixed.code, fixed.err).toBe(0);
    expect(fixed.out).toContain(
      '  ! puts two de campaign pages live at once: de Christmas sale opens (5 Dec 2026 00:00 CET) before Black Friday closes (10 Dec 2026 00:00 CET)',
    );
    const page = (await (await getAt('/de/black-friday', '2026-12-09T12:00:00+01:00')).text()).replace(/[\u00a0\u202f]/g, ' ');
    expect(page).toContain('vor dem 11. Dezember 2026');
  });
});
