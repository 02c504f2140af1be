/**
 * `npm run ops -- …`: every ops command, declared once (ops/command/flags.ts), run the same
 * way from a terminal (ops/cli.ts) and from a test (an Io on the D1 and KV bindings). A
 * command line it does not understand is refused with "did you mean"; `help` and `--help`
 * describe each command; a failure is one line saying what to do (a tool's own output only
 * with --verbose), never a stack trace.
 */
import { LUCKY_DRAW_CAMPAIGNS, LUCKY_DRAW_REGIONS } from '../content/lucky-draw';
import { FORM_KINDS } from '../content/forms';
import { closest } from '../worker/clock/check';
import { PREVIEW_LINK_TTL, signPreview } from '../worker/clock/preview';
import { helpText, parse, synopsis } from './command/flags';
import { OpsError } from './command/error';
import type { Io } from './command/io';
import { TARGET_FLAGS, targetOf } from './command/target';
import { FormsOptions, formsCsv, LuckyDrawOptions, luckyDrawCsv } from './export';
import { SCHEDULE_COMMANDS } from './schedule/commands';
import { TIMELINE } from './timeline';
import type { Command } from './versioned/commands';

const preview: Command = {
  spec: {
    name: 'preview',
    summary: 'Mints a signed link that shows the site at DATE (needs PREVIEW_SECRET, the secret the worker has).',
    args: [{ name: 'DATE', help: 'the moment to show, an ISO instant with its offset: 2025-08-20T12:00:00+08:00' }],
    flags: [
      { name: 'origin', value: 'URL', help: 'the site the link is for (required): https://preprod.robolux.com' },
      { name: 'next', value: 'PATH', help: 'the page it opens (default /)' },
      { name: 'valid-hours', value: 'HOURS', help: `how long the link works (default ${PREVIEW_LINK_TTL / 3_600_000}, at most two weeks)` },
    ],
    examples: ['preview 2026-11-26T12:00:00+01:00 --origin https://preprod.robolux.com --next /de/black-friday'],
  },
  async run(parsed, io) {
    const date = parsed.args.get('DATE')!;
    const ms = Date.parse(date);
    if (Number.isNaN(ms)) throw new OpsError(`preview: DATE is an ISO instant with its offset, e.g. 2025-08-20T12:00:00+08:00, not "${date}"`);
    const origin = parsed.flags.get('origin');
    if (!origin) throw new OpsError('preview needs --origin URL: the site the link is for (npm run ops -- preview --help)');
    let url: URL;
    try {
      url = new URL('/__preview', origin);
    } catch {
      throw new OpsError(`preview: --origin is a site's address, e.g. https://preprod.robolux.com, not "${origin}"`);
    }
    const secret = io.env('PREVIEW_SECRET');
    if (!secret) throw new OpsError('preview: set PREVIEW_SECRET to the secret the worker has');
    const hours = Number(parsed.flags.get('valid-hours') ?? PREVIEW_LINK_TTL / 3_600_000);
    if (!(hours > 0 && hours <= 24 * 14)) throw new OpsError('preview: --valid-hours is a number of hours up to two weeks');
    const signed = await signPreview({ ms, host: url.host, expires: io.now() + hours * 3_600_000 }, secret);
    url.searchParams.set('at', signed);
    url.searchParams.set('next', parsed.flags.get('next') ?? '/');
    io.out(`${url.toString()}\n`);
  },
};

/** Writes an export to `--out` (or stdout for `-`). */
function written(io: Io, out: string, { csv, count }: { csv: string; count: number }, what: string): void {
  if (out === '-') io.out(csv);
  else {
    io.writeFile(out, csv);
    io.out(`export: ${count} ${what} written to ${out}\n`);
  }
}

/** zod's issues with an option as one line naming the flag. */
const optionProblem = (name: string, issues: { path: PropertyKey[]; message: string }[]) =>
  new OpsError(`${name}: ${issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')} (npm run ops -- ${name} --help)`);

const exportForms: Command = {
  spec: {
    name: 'export forms',
    summary: "The support forms' submissions since a day, from every API group's database, as CSV (oldest first).",
    args: [],
    flags: [
      { name: 'since', value: 'YYYY-MM-DD', help: 'the first day (UTC) to include (required)' },
      { name: 'kind', value: 'KIND', choices: FORM_KINDS, help: 'one form only' },
      { name: 'out', value: 'FILE', help: 'where to write it (default: stdout, also `-`)' },
      ...TARGET_FLAGS,
    ],
    examples: ['export forms --kind rma --since 2026-01-01 --remote --out rma.csv'],
  },
  async run(parsed, io) {
    const options = FormsOptions.safeParse({ kind: parsed.flags.get('kind'), since: parsed.flags.get('since') });
    if (!options.success) throw optionProblem('export forms', options.error.issues);
    const target = targetOf(parsed.flags);
    written(io, parsed.flags.get('out') ?? '-', await formsCsv(options.data, (binding) => io.d1(binding, target)), 'submissions');
  },
};

const exportLuckyDraw: Command = {
  spec: {
    name: 'export lucky-draw',
    summary: "One edition's entries in a campaign's lucky draw, as CSV (oldest first).",
    args: [],
    flags: [
      { name: 'region', value: 'REGION', choices: LUCKY_DRAW_REGIONS, help: 'the edition (required)' },
      { name: 'campaign', value: 'CAMPAIGN', choices: LUCKY_DRAW_CAMPAIGNS, help: 'the campaign (default black-friday)' },
      { name: 'out', value: 'FILE', help: 'where to write it (default lucky-draw-CAMPAIGN-REGION.csv; `-` for stdout)' },
      ...TARGET_FLAGS,
    ],
    examples: ['export lucky-draw --region de --remote'],
  },
  async run(parsed, io) {
    const options = LuckyDrawOptions.safeParse({ region: parsed.flags.get('region'), campaign: parsed.flags.get('campaign') });
    if (!options.success) {
      throw new OpsError(`export lucky-draw: --region is one of ${LUCKY_DRAW_REGIONS.join('|')} (npm run ops -- export lucky-draw --help)`);
    }
    const target = targetOf(parsed.flags);
    const out = parsed.flags.get('out') ?? `lucky-draw-${options.data.campaign}-${options.data.region}.csv`;
    written(io, out, await luckyDrawCsv(options.data, (binding) => io.d1(binding, target)), 'lucky-draw entries');
  },
};

/** Every command, in the order `help` lists them. */
export const COMMANDS: readonly Command[] = [...SCHEDULE_COMMANDS, TIMELINE, preview, exportLuckyDraw, exportForms];

/** `npm run ops -- help`: every command in one line, and how to learn more. */
function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.spec.name.length)) + 2;
  return [
    'usage: npm run ops -- COMMAND [ARGUMENTS] [FLAGS]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.spec.name.padEnd(width)}${c.spec.summary}`),
    '',
    'Where: --local (the default: what `npm start` serves), --env preprod, --env production (or --remote); --persist-to DIR.',
    'Every command: --help says what it does and takes; --verbose shows the tools’ own output on a failure.',
    'npm run ops -- help COMMAND (or COMMAND --help) for one command, e.g. npm run ops -- schedule push --help',
    '',
  ].join('\n');
}

/** The command the words name, and the words after it. */
function find(argv: readonly string[]): { command?: Command; rest: readonly string[]; words: string } {
  for (const words of [2, 1]) {
    const name = argv.slice(0, words).join(' ');
    const command = COMMANDS.find((c) => c.spec.name === name);
    if (command) return { command, rest: argv.slice(words), words: name };
  }
  return {
    rest: argv,
    words: argv
      .filter((a) => !a.startsWith('-'))
      .slice(0, 2)
      .join(' '),
  };
}

/** Why the words name no command, and the closest that does. */
function unknown(words: string): OpsError {
  const first = words.split(' ')[0] ?? '';
  const families = [...new Set(COMMANDS.map((c) => c.spec.name.split(' ')[0]!))];
  const family = COMMANDS.filter((c) => c.spec.name.startsWith(`${first} `));
  if (family.length) {
    const guess = closest(
      words,
      family.map((c) => c.spec.name),
    );
    return new OpsError(
      `"${words}" is not a command${guess ? `: did you mean "${guess}"?` : ''} (${first}: ${family.map((c) => c.spec.name.split(' ')[1]).join(', ')}; npm run ops -- help)`,
    );
  }
  const guess = closest(first, families);
  return new OpsError(`"${first}" is not a command${guess ? `: did you mean "${guess}"?` : ''} (npm run ops -- help lists them)`);
}

/**
 * Runs a command line: the exit code (0 done, 1 refused or failed). Refusals and failures
 * are written as one line (a list after it where there are several mistakes); with
 * `--verbose`, the tools' own output and, for a fault of ours, the stack.
 */
export async function runOps(argv: readonly string[], io: Io): Promise<number> {
  const verbose = argv.includes('--verbose');
  try {
    if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h') {
      const asked = argv.slice(1).filter((a) => !a.startsWith('-'));
      if (!asked.length) {
        io.out(overview());
        return 0;
      }
      const { command, words } = find(asked);
      if (!command) throw unknown(words);
      io.out(helpText(command.spec));
      return 0;
    }
    const { command, rest, words } = find(argv);
    if (!command) {
      // A family name alone (`schedule`): its commands.
      const family = COMMANDS.filter((c) => c.spec.name.startsWith(`${argv[0]} `));
      if (family.length && (argv.length === 1 || argv[1]!.startsWith('-'))) {
        io.out(`usage:\n${family.map((c) => `  npm run ops -- ${synopsis(c.spec)}`).join('\n')}\n\nnpm run ops -- ${argv[0]} COMMAND --help for one of them\n`);
        return argv.length === 1 || argv.includes('--help') ? 0 : 1;
      }
      throw unknown(words);
    }
    const parsed = parse(command.spec, rest);
    if (parsed.flags.has('help')) {
      io.out(helpText(command.spec));
      return 0;
    }
    await command.run(parsed, io);
    return 0;
  } catch (error) {
    if (error instanceof OpsError) {
      io.err(error.message);
      if (error.detail) io.err(verbose ? error.detail : '(--verbose shows the tool’s own output)');
      return 1;
    }
    // A fault of ours: one line still, the stack only when asked.
    io.err(
      `ops: something went wrong that the command does not handle: ${error instanceof Error ? error.message : String(error)}${verbose ? '' : ' (--verbose shows where)'}`,
    );
    if (verbose && error instanceof Error && error.stack) io.err(error.stack);
    return 1;
  }
}
