// Ops commands:
//   npm run ops -- schedule check FILE
//   npm run ops -- schedule pull [--merged] [--out FILE]                          (what is in force)
//   npm run ops -- schedule diff FILE [--replace]                                 (what a push would change, in words)
//   npm run ops -- schedule push FILE [--replace] [--yes] [--by NAME]             (merged entry by entry, kept as a version)
//   npm run ops -- schedule history | rollback [VERSION] [--yes]
//   npm run ops -- schedule roll --year 2026 [--campaign black-friday] [--region de] [--out FILE] [--push]
//     where: --local (default) | --env preprod | --env production (or --remote), [--persist-to DIR]
//   npm run ops -- preview DATE --origin URL [--next /us]      (needs PREVIEW_SECRET)
//   npm run ops -- timeline [--region de] [--from DATE] [--to DATE] [--file schedule.json] [--out FILE] [--origin URL]
//   npm run ops -- export lucky-draw --region us [--campaign black-friday] [--local|--remote] [--out FILE|-]
//   npm run ops -- export forms [--kind rma] --since 2026-01-01 [--out FILE] [--remote] [--persist-to DIR]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { PREVIEW_LINK_TTL, signPreview } from '../worker/clock/preview';
import { contradictions, problemLine } from '../worker/clock/check';
import { mergeSchedule } from '../worker/clock/merge';
import { DEFAULT_SCHEDULE } from '../content/schedule';
import { REGIONS, type Region } from '../content/editions';
import { CAMPAIGN_IDS, type CampaignId, type Schedule } from '../content/schema/schedule';
import { timeline, timelineHtml, timelineText } from '../worker/clock/timeline';
import { LUCKY_DRAW_CAMPAIGNS, LUCKY_DRAW_REGIONS } from '../content/lucky-draw';
import { formsCsv, FormsOptions, luckyDrawCsv, LuckyDrawOptions } from './export';
import { rollSchedule } from './roll';
import {
  checkDocument,
  describeChanges,
  droppedBy,
  HISTORY_LENGTH,
  inForce,
  mergeDocuments,
  readState,
  targetName,
  targetOf,
  versionLine,
  whoIsPushing,
  withoutMeta,
  writeVersion,
  type KvTarget,
} from './schedule';

const root = join(import.meta.dirname, '..');
const [command, ...rest] = process.argv.slice(2);
const flag = (name: string) => {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? rest[i + 1] : undefined;
};
const has = (name: string) => rest.includes(`--${name}`);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const SCHEDULE_USAGE =
  'usage: npm run ops -- schedule check FILE | pull [--merged] [--out FILE] | diff FILE [--replace] | push FILE [--replace] [--yes] [--by NAME] | history | rollback [VERSION] [--yes] | roll --year YYYY [--campaign C] [--region R] [--out FILE] [--push]\n  where: --local (default) | --env preprod | --env production (or --remote) [--persist-to DIR]';

/** A schedule file, checked: the document, or every mistake in words (and exit 1). */
function readDocument(file: string | undefined): Schedule {
  if (!file) fail(SCHEDULE_USAGE);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    fail(`schedule: ${file} is not JSON: ${(error as Error).message}`);
  }
  const { document, errors } = checkDocument(json);
  if (!document) fail(`schedule: ${file} has ${errors.length} mistake${errors.length > 1 ? 's' : ''}:\n${errors.map((e) => `  ${e}`).join('\n')}`);
  return document;
}

/** Contradictions between one edition's campaigns once a document is in force, as warning lines. */
function warn(schedule: Schedule): void {
  const warnings = contradictions(schedule).map(problemLine);
  if (warnings.length)
    console.error(
      `schedule: ${warnings.length} warning${warnings.length > 1 ? 's' : ''} (the document still counts):\n${warnings.map((w) => `  ${w}`).join('\n')}`,
    );
}

/** Asks before writing to production KV; `--yes` answers for CI. */
async function confirm(target: KvTarget, what: string): Promise<void> {
  if (target.local || target.env !== 'production' || has('yes')) return;
  if (!process.stdin.isTTY) fail(`schedule: ${what} writes ${targetName(target)}; not run from a terminal, so add --yes to confirm`);
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  const answer = await rl.question(`${what} writes ${targetName(target)}. Type "yes" to go on: `);
  rl.close();
  if (answer.trim().toLowerCase() !== 'yes') fail('schedule: nothing written');
}

/** Pushes a document as the next version, after showing what changes. */
async function pushDocument(target: KvTarget, next: Schedule, note: string, replace: boolean): Promise<void> {
  // Production asks first; with nobody at a terminal to answer, --yes must say so before anything is read.
  if (!target.local && target.env === 'production' && !has('yes') && !process.stdin.isTTY) {
    fail(`schedule: ${note} writes ${targetName(target)}; not run from a terminal, so add --yes to confirm`);
  }
  const state = readState(target);
  if (state.refused)
    console.error(`schedule: ${targetName(target)} holds a refused document; this push replaces it:\n${state.refused.map((r) => `  ${r}`).join('\n')}`);
  const { document, replaced } = replace ? { document: next, replaced: [] } : mergeDocuments(state.document, next);
  const changes = describeChanges(inForce(state.document), inForce(document));
  if (replace) {
    const dropped = droppedBy(state.document, next);
    console.log(
      dropped.length
        ? `--replace drops ${dropped.length} entr${dropped.length > 1 ? 'ies' : 'y'} of the document in force:\n${dropped.map((d) => `  - ${d}`).join('\n')}`
        : '--replace drops nothing: every entry in force is in the file',
    );
  } else if (replaced.length) {
    console.log(
      `replaces ${replaced.length} entr${replaced.length > 1 ? 'ies' : 'y'} of the document in force:\n${replaced.map((d) => `  ~ ${d}`).join('\n')}`,
    );
  }
  console.log(
    changes.length ? `${changes.length} change${changes.length > 1 ? 's' : ''}:\n${changes.map((c) => `  ${c}`).join('\n')}` : 'no change to what is in force',
  );
  warn(inForce(document));
  await confirm(target, note);
  const meta = writeVersion(target, state, document, whoIsPushing(flag('by')), note);
  console.log(`schedule: ${targetName(target)} now holds ${versionLine(meta)}; isolates pick it up within a minute`);
}

if (command === 'schedule') {
  const [action, file] = rest;
  let target: KvTarget;
  try {
    target = targetOf(flag, has);
  } catch (error) {
    fail(`schedule: ${(error as Error).message}\n${SCHEDULE_USAGE}`);
  }
  if (action === 'check') {
    const document = readDocument(file);
    console.log(`schedule: ${file} is valid`);
    warn(mergeSchedule(DEFAULT_SCHEDULE, document));
  } else if (action === 'pull') {
    const state = readState(target);
    if (state.refused)
      console.error(
        `schedule: ${targetName(target)} holds a document the worker refuses, so the bundled schedule is in force:\n${state.refused.map((r) => `  ${r}`).join('\n')}`,
      );
    else if (state.document?.meta) console.error(`schedule: ${targetName(target)} holds ${versionLine(state.document.meta)}`);
    else if (state.document) console.error(`schedule: ${targetName(target)} holds a document pushed without a version`);
    else console.error(`schedule: ${targetName(target)} holds no schedule: the bundled one (content/schedule.ts) is in force`);
    const out = has('merged') ? inForce(state.document) : (state.document ?? { stages: {}, campaigns: {}, windows: {} });
    const text = `${JSON.stringify(out, null, 2)}\n`;
    const to = flag('out');
    if (to) {
      writeFileSync(to, text);
      console.error(`schedule: written to ${to}`);
    } else process.stdout.write(text);
  } else if (action === 'diff') {
    const next = readDocument(file);
    const state = readState(target);
    const document = has('replace') ? next : mergeDocuments(state.document, next).document;
    const changes = describeChanges(inForce(state.document), inForce(document));
    if (has('replace')) for (const d of droppedBy(state.document, next)) console.log(`drops ${d}`);
    console.log(changes.length ? changes.join('\n') : `no change: ${file} matches what is in force in ${targetName(target)}`);
    warn(inForce(document));
  } else if (action === 'push') {
    const next = readDocument(file);
    await pushDocument(target, next, `${has('replace') ? 'push --replace' : 'push'} ${file}`, has('replace'));
  } else if (action === 'history') {
    const state = readState(target);
    if (!state.history.length) console.log(`${targetName(target)} keeps no versions`);
    for (const v of state.history) console.log(`${v.meta.version === state.document?.meta?.version ? '*' : ' '} ${versionLine(v.meta)}`);
  } else if (action === 'rollback') {
    const state = readState(target);
    const current = state.document?.meta?.version;
    const wanted = file !== undefined && !file.startsWith('--') ? Number(file) : current !== undefined ? current - 1 : NaN;
    const version = state.history.find((v) => v.meta.version === wanted);
    if (!version) {
      const kept = state.history.map((v) => v.meta.version).join(', ') || 'none';
      fail(
        `schedule: ${targetName(target)} keeps no version ${Number.isNaN(wanted) ? '(no version is in force to roll back from)' : wanted} (it keeps the last ${HISTORY_LENGTH}: ${kept})`,
      );
    }
    await pushDocument(target, withoutMeta(version.document), `rollback to version ${version.meta.version}`, true);
  } else if (action === 'roll') {
    const year = Number(flag('year'));
    if (!Number.isInteger(year) || year < 2000 || year > 2100)
      fail(`schedule: --year is a year, e.g. --year ${new Date().getUTCFullYear()}\n${SCHEDULE_USAGE}`);
    const campaign = flag('campaign');
    if (campaign !== undefined && !(CAMPAIGN_IDS as readonly string[]).includes(campaign)) fail(`schedule: --campaign is one of ${CAMPAIGN_IDS.join(', ')}`);
    const region = flag('region');
    if (region !== undefined && !(REGIONS as readonly string[]).includes(region)) fail(`schedule: --region is one of ${REGIONS.join(', ')}`);
    const document = rollSchedule(year, { ...(campaign ? { campaigns: [campaign as CampaignId] } : {}), ...(region ? { regions: [region as Region] } : {}) });
    const { errors } = checkDocument(document);
    if (errors.length) fail(`schedule: the roll made an invalid document (a bug):\n${errors.join('\n')}`);
    const out = flag('out') ?? `schedule-${year}${campaign ? `-${campaign}` : ''}${region ? `-${region}` : ''}.json`;
    writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
    const changes = describeChanges(DEFAULT_SCHEDULE, mergeSchedule(DEFAULT_SCHEDULE, document));
    console.log(
      `schedule: ${out} holds ${campaign ?? 'every campaign'} in ${region ?? 'every region'} for ${year}, against the bundled dates:\n${changes.map((c) => `  ${c}`).join('\n')}`,
    );
    if (has('push'))
      await pushDocument(target, document, `roll --year ${year}${campaign ? ` --campaign ${campaign}` : ''}${region ? ` --region ${region}` : ''}`, false);
    else {
      warn(mergeSchedule(DEFAULT_SCHEDULE, document));
      console.log(`review it, then: npm run ops -- schedule diff ${out} && npm run ops -- schedule push ${out}`);
    }
  } else {
    fail(SCHEDULE_USAGE);
  }
} else if (command === 'preview') {
  const [date] = rest;
  const secret = process.env.PREVIEW_SECRET;
  const origin = flag('origin');
  const ms = date ? Date.parse(date) : NaN;
  if (Number.isNaN(ms) || !origin)
    fail('usage: PREVIEW_SECRET=… npm run ops -- preview 2025-08-20T12:00:00+08:00 --origin https://www.example.com [--next /us] [--valid-hours 24]');
  if (!secret) fail('preview: set PREVIEW_SECRET to the secret the worker has');
  const hours = Number(flag('valid-hours') ?? PREVIEW_LINK_TTL / 3_600_000);
  if (!(hours > 0 && hours <= 24 * 14)) fail('preview: --valid-hours is a number of hours up to two weeks');
  const url = new URL('/__preview', origin);
  const signed = await signPreview({ ms, host: url.host, expires: Date.now() + hours * 3_600_000 }, secret);
  url.searchParams.set('at', signed);
  url.searchParams.set('next', flag('next') ?? '/');
  console.log(url.toString());
} else if (command === 'timeline') {
  // The bundled schedule, or a KV document under test merged over it as the worker does.
  const file = flag('file');
  const schedule = file ? mergeSchedule(DEFAULT_SCHEDULE, readDocument(file)) : DEFAULT_SCHEDULE;
  const region = flag('region');
  if (region !== undefined && !(REGIONS as readonly string[]).includes(region)) fail(`timeline: --region is one of ${REGIONS.join(', ')}`);
  const when = (name: string) => {
    const value = flag(name);
    if (value === undefined) return undefined;
    const ms = Date.parse(value);
    if (Number.isNaN(ms)) fail(`timeline: --${name} is a date, e.g. 2024-11-01 or 2024-11-18T00:00:00-05:00`);
    return ms;
  };
  const regions = region ? [region as Region] : undefined;
  const events = timeline(schedule, { regions, from: when('from'), to: when('to') });
  process.stdout.write(timelineText(events));
  const out = flag('out') ?? join(root, 'dist', 'timeline.html');
  // Preview links go to --origin, else the local site on PORT (as `npm start` serves it).
  const origin = (flag('origin') ?? `http://localhost:${process.env.PORT ?? 8787}`).replace(/\/$/, '');
  const title = `Campaign timeline${region ? ` (${region})` : ''}${file ? ` — ${file}` : ''}`;
  const status = {
    inForce: file
      ? `The bundled schedule with ${file} over it, as a push would put it in force.`
      : 'The bundled schedule (content/schedule.ts), as in force with no KV document.',
    warnings: contradictions(schedule, regions).map(problemLine),
  };
  try {
    mkdirSync(dirname(out), { recursive: true });
    const css = readFileSync(join(root, 'client/styles/ops.css'), 'utf8');
    writeFileSync(out, timelineHtml(events, { base: origin, now: Date.now(), title, status, css }));
  } catch (error) {
    fail(`timeline: cannot write ${out}: ${(error as Error).message}`);
  }
  console.error(`timeline: ${events.length} changes; picture written to ${out} (previews link to ${origin})`);
} else if (command === 'export' && (rest[0] === 'forms' || rest[0] === 'lucky-draw')) {
  const what = rest[0];
  const source = { remote: rest.includes('--remote'), persistTo: flag('persist-to') };
  const usage = (issues: { path: PropertyKey[]; message: string }[], args: string): never =>
    fail(
      `export: ${issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}\nusage: npm run ops -- export ${what} ${args} [--out FILE|-] [--remote] [--persist-to DIR]`,
    );
  let written: { csv: string; count: number };
  let out = flag('out') ?? '-';
  if (what === 'forms') {
    const options = FormsOptions.safeParse({ kind: flag('kind'), since: flag('since'), ...source });
    written = formsCsv(
      options.success ? options.data : usage(options.error.issues, '[--kind tech-support|product-registration|rma|wholesale] --since YYYY-MM-DD'),
    );
  } else {
    const options = LuckyDrawOptions.safeParse({ region: flag('region'), campaign: flag('campaign'), ...source });
    const data = options.success
      ? options.data
      : usage(options.error.issues, `--region ${LUCKY_DRAW_REGIONS.join('|')} [--campaign ${LUCKY_DRAW_CAMPAIGNS.join('|')}]`);
    written = luckyDrawCsv(data);
    out = flag('out') ?? `lucky-draw-${data.campaign}-${data.region}.csv`;
  }
  if (out === '-') process.stdout.write(written.csv);
  else {
    writeFileSync(out, written.csv);
    console.log(`export: ${written.count} ${what === 'forms' ? 'submissions' : 'lucky-draw entries'} written to ${out}`);
  }
} else {
  fail(
    'usage: npm run ops -- schedule check|push FILE [--local|--remote] | preview DATE --origin URL [--next PATH] [--valid-hours H] | timeline [--region R] [--from DATE] [--to DATE] [--file FILE] [--out FILE] [--origin URL] | export lucky-draw --region R [--out FILE] | export forms [--kind K] --since DATE',
  );
}
