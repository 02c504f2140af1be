/**
 * A command line that refuses what it does not understand: each command declares its
 * arguments and flags once, and that declaration both parses what ops typed (an unknown
 * flag, a value in the wrong place, a value outside a closed list: an error with "did you
 * mean") and writes its `--help`. `--flag value` and `--flag=value` both work.
 */
import { closest } from '../../worker/clock/check';
import { OpsError } from './error';

/** A flag of a command. */
export interface Flag {
  /** Without its dashes: `env`, `persist-to`. */
  name: string;
  /** Its value's placeholder (`FILE`, `ENV`); absent for a switch (`--yes`). */
  value?: string;
  /** The values it takes, when they are a closed list. */
  choices?: readonly string[];
  /** One line: what it does. */
  help: string;
}

/** A positional argument of a command. */
interface Arg {
  /** Its placeholder: `FILE`, `VERSION`. */
  name: string;
  optional?: boolean;
  help: string;
}

/** What a command takes, and the words of its `--help`. */
export interface Spec {
  /** The words after `npm run ops --`: `schedule push`. */
  name: string;
  /** One line: what it does (the top-level help lists it). */
  summary: string;
  /** More: what it reads, what it writes, what it asks. */
  description?: string;
  args: readonly Arg[];
  flags: readonly Flag[];
  /** Examples, one command a line. */
  examples?: readonly string[];
}

/** A command line as parsed: each argument by placeholder, each flag by name. */
export interface Parsed {
  args: ReadonlyMap<string, string>;
  flags: {
    /** Whether the flag was given. */
    has(name: string): boolean;
    /** A flag's value (undefined for a switch, or a flag not given). */
    get(name: string): string | undefined;
  };
}

/** Every command takes these. */
const COMMON_FLAGS: readonly Flag[] = [
  { name: 'help', help: 'what the command does and takes (and nothing else)' },
  { name: 'verbose', help: "on a failure, the tools' own output (wrangler's) as well as the one line" },
];

const RUN = 'npm run ops --';

/** `npm run ops -- schedule push --help`, for the end of an error line. */
const helpHint = (spec: Pick<Spec, 'name'>) => `(${RUN} ${spec.name} --help)`;

/** The flag a typo means: the closest name, or one it begins (`--environment` → `--env`). */
function meant(name: string, flags: readonly Flag[]): string | undefined {
  const names = flags.map((f) => f.name);
  return closest(name, names) ?? names.find((n) => name.startsWith(n) || (n.startsWith(name) && name.length >= 3));
}

/** Parses a command line against a command's declaration; every mistake is an OpsError naming what to write. */
export function parse(spec: Spec, argv: readonly string[]): Parsed {
  const flags = [...spec.flags, ...COMMON_FLAGS];
  const values = new Map<string, string | true>();
  const args: string[] = [];
  const where = spec.name;
  let onlyArgs = false;
  let previous: Flag | undefined;
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (!onlyArgs && token === '--') {
      onlyArgs = true;
      continue;
    }
    if (!onlyArgs && token === '-h') {
      values.set('help', true);
      continue;
    }
    if (!onlyArgs && token.startsWith('-') && token.length > 1 && !/^-\d/.test(token)) {
      const [raw, inline] = token.includes('=') ? [token.slice(0, token.indexOf('=')), token.slice(token.indexOf('=') + 1)] : [token, undefined];
      const name = raw.replace(/^-+/, '');
      const flag = flags.find((f) => f.name === name);
      if (!flag || !raw.startsWith('--')) {
        const guess = meant(name, flags);
        throw new OpsError(`${where}: ${raw} is not a flag of this command${guess ? `: did you mean --${guess}?` : ''} ${helpHint(spec)}`);
      }
      if (values.has(flag.name)) throw new OpsError(`${where}: --${flag.name} is given twice: give it once`);
      if (flag.value === undefined) {
        if (inline !== undefined) throw new OpsError(`${where}: --${flag.name} takes no value (it is a switch), so "=${inline}" is out of place`);
        values.set(flag.name, true);
        previous = flag;
        continue;
      }
      const value = inline ?? argv[i + 1];
      if (value === undefined || (inline === undefined && value.startsWith('--'))) {
        throw new OpsError(`${where}: --${flag.name} needs a value: ${flag.choices ? flag.choices.join('|') : flag.value} ${helpHint(spec)}`);
      }
      if (inline === undefined) i++;
      if (flag.choices && !flag.choices.includes(value)) {
        const guess = closest(value, flag.choices) ?? flag.choices.find((c) => c.startsWith(value));
        throw new OpsError(
          `${where}: --${flag.name} is one of ${flag.choices.join('|')}, not "${value}"${guess ? `: did you mean --${flag.name} ${guess}?` : ''}`,
        );
      }
      values.set(flag.name, value);
      previous = undefined;
      continue;
    }
    if (args.length >= spec.args.length) {
      const takes = spec.args.length ? `takes ${spec.args.map((a) => a.name).join(' ')} only` : 'takes no argument';
      const owner = flags.find((f) => f.choices?.includes(token));
      const hint = previous ? ` (--${previous.name} takes no value)` : owner ? `: did you mean --${owner.name} ${token}?` : '';
      throw new OpsError(`${where}: "${token}" is out of place: ${where} ${takes}${hint} ${helpHint(spec)}`);
    }
    args.push(token);
    previous = undefined;
  }
  const byName = new Map<string, string>();
  spec.args.forEach((arg, i) => {
    if (args[i] !== undefined) byName.set(arg.name, args[i]!);
  });
  if (!values.has('help')) {
    const missing = spec.args.find((a) => !a.optional && !byName.has(a.name));
    if (missing) throw new OpsError(`${where} needs ${missing.name}: ${missing.help} ${helpHint(spec)}`);
  }
  const get = (name: string) => {
    const v = values.get(name);
    return typeof v === 'string' ? v : undefined;
  };
  return { args: byName, flags: { has: (name) => values.has(name), get } };
}

/** `schedule push FILE [--replace] [--yes] …`: a command in one line. */
export function synopsis(spec: Spec): string {
  const args = spec.args.map((a) => (a.optional ? `[${a.name}]` : a.name));
  const flags = spec.flags.map((f) => `[--${f.name}${f.value ? ` ${f.value}` : ''}]`);
  return [spec.name, ...args, ...flags].join(' ');
}

/** A command's `--help`: what it does, its arguments and flags one a line, examples. */
export function helpText(spec: Spec): string {
  const rows: [string, string][] = [
    ...spec.args.map((a): [string, string] => [a.optional ? `[${a.name}]` : a.name, a.help]),
    ...[...spec.flags, ...COMMON_FLAGS].map((f): [string, string] => [
      `--${f.name}${f.value ? ` ${f.value}` : ''}`,
      `${f.help}${f.choices ? ` (${f.choices.join('|')})` : ''}`,
    ]),
  ];
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return [
    `usage: ${RUN} ${synopsis(spec)}`,
    '',
    spec.summary,
    ...(spec.description ? ['', spec.description] : []),
    '',
    ...rows.map(([left, right]) => `  ${left.padEnd(width)}${right}`),
    ...(spec.examples?.length ? ['', 'examples:', ...spec.examples.map((e) => `  ${RUN} ${e}`)] : []),
    '',
  ].join('\n');
}
