// Ops commands:
//   npm run ops -- schedule check FILE
//   npm run ops -- schedule push FILE --local|--remote
//   npm run ops -- preview DATE --origin URL [--next /us]      (needs PREVIEW_SECRET)
//   npm run ops -- timeline [--region de] [--from DATE] [--to DATE] [--file schedule.json] [--out FILE] [--origin URL]
//   npm run ops -- export lucky-draw --region us [--campaign black-friday] [--local|--remote] [--out FILE|-]
//   npm run ops -- export forms [--kind rma] --since 2026-01-01 [--out FILE] [--remote] [--persist-to DIR]
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Schedule } from '../content/schema/schedule';
import { PREVIEW_LINK_TTL, signPreview } from '../worker/clock/preview';
import { SCHEDULE_KEY } from '../worker/bundle/store';
import { mergeSchedule } from '../worker/clock/merge';
import { DEFAULT_SCHEDULE } from '../content/schedule';
import { REGIONS, type Region } from '../content/editions';
import { timeline, timelineHtml, timelineText } from '../worker/clock/timeline';
import { LUCKY_DRAW_CAMPAIGNS, LUCKY_DRAW_REGIONS } from '../content/lucky-draw';
import { formsCsv, FormsOptions, luckyDrawCsv, LuckyDrawOptions } from './export';

const root = join(import.meta.dirname, '..');
const [command, ...rest] = process.argv.slice(2);
const flag = (name: string) => {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? rest[i + 1] : undefined;
};

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readSchedule(file: string | undefined): string {
  if (!file) fail('usage: npm run ops -- schedule check|push FILE [--local|--remote]');
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    fail(`schedule: ${file} is not JSON: ${(error as Error).message}`);
  }
  const parsed = Schedule.safeParse(json);
  if (!parsed.success) {
    fail(`schedule: ${file} is invalid:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  return JSON.stringify(parsed.data);
}

if (command === 'schedule') {
  const [action, file] = rest;
  const value = readSchedule(file);
  if (action === 'check') {
    console.log(`schedule: ${file} is valid`);
  } else if (action === 'push') {
    const where = rest.includes('--remote') ? '--remote' : '--local';
    execFileSync(
      process.execPath,
      [join(root, 'node_modules/wrangler/bin/wrangler.js'), 'kv', 'key', 'put', SCHEDULE_KEY, value, '--binding', 'CONTENT', where],
      { stdio: 'inherit', cwd: root },
    );
    console.log(`schedule: pushed to ${where.slice(2)} KV; isolates pick it up within a minute`);
  } else {
    fail('usage: npm run ops -- schedule check|push FILE [--local|--remote]');
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
  const schedule = file ? mergeSchedule(DEFAULT_SCHEDULE, Schedule.parse(JSON.parse(readSchedule(file)))) : DEFAULT_SCHEDULE;
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
  const origin = (flag('origin') ?? 'http://localhost:8787').replace(/\/$/, '');
  const title = `Campaign timeline${region ? ` (${region})` : ''}${file ? ` — ${file}` : ''}`;
  try {
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, timelineHtml(events, { base: origin, now: Date.now(), title }));
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
