/**
 * The commands every versioned ops document has — check, pull, diff, push, history, rollback
 * — declared once (their flags, their `--help`) for a document kind: `schedule push`, and
 * later `catalogue push`, `media push`, with the same questions and the same concurrency rule.
 */
import type { Flag, Parsed, Spec } from '../command/flags';
import { OpsError } from '../command/error';
import type { Io } from '../command/io';
import { TARGET_FLAGS, targetOf } from '../command/target';
import { check, diff, history, pull, push, readDocument, rollback, type Place } from './document';
import type { DocumentKind } from './kind';

/** A command: what it takes, and what it does with it. */
export interface Command {
  spec: Spec;
  run(parsed: Parsed, io: Io): Promise<void>;
}

/** The place a command works in: the target its flags name, through the terminal's stores. */
export function placeOf<D>(kind: DocumentKind<D>, parsed: Parsed, io: Io): Place<D> {
  const target = targetOf(parsed.flags);
  return { kind, target, io, stores: { sql: io.d1('DB', target), kv: io.kv(target) } };
}

/** Who pushes: `--by`, else the terminal's own (git's user.email, the login name). */
export const byOf = (parsed: Parsed, io: Io) => parsed.flags.get('by') ?? io.who();

/** `--base 7`: a version number. */
export function baseOf(parsed: Parsed, name: string): number | undefined {
  const base = parsed.flags.get('base');
  if (base === undefined) return undefined;
  if (!/^\d+$/.test(base)) throw new OpsError(`${name}: --base is a version number (what \`diff\` says the push is based on), not "${base}"`);
  return Number(base);
}

/** The flags of a push, shared by `push`, `rollback` and a kind's own commands that push (`schedule roll --push`). */
export const PUSH_FLAGS: readonly Flag[] = [
  { name: 'yes', help: 'answer yes to every question (CI): what the push drops or takes off is still listed' },
  { name: 'by', value: 'NAME', help: "who pushes, recorded with the version (default: git's user.email, else the login name)" },
  { name: 'base', value: 'VERSION', help: 'refuse the push unless VERSION is still the newest (the version `diff` showed)' },
];

/** The commands of a versioned document kind. */
export function versionedCommands<D>(kind: DocumentKind<D>): Command[] {
  const n = kind.name;
  const file: Spec['args'][number] = { name: 'FILE', help: `the ${n} file (JSON) as ops wrote it` };
  return [
    {
      spec: {
        name: `${n} check`,
        summary: `Checks a ${n} file: every mistake where it is, then what it would contradict merged over what is in force.`,
        description: `Reads what the target serves (the worker's own rule) to compare against; nothing is written. Mistakes and contradictions of dated words with their windows exit 1; contradictions between campaigns are warnings.`,
        args: [file],
        flags: TARGET_FLAGS,
        examples: [`${n} check my-${n}.json`, `${n} check my-${n}.json --env production`],
      },
      run: (parsed, io) => check(placeOf(kind, parsed, io), parsed.args.get('FILE')!),
    },
    {
      spec: {
        name: `${n} pull`,
        summary: `Prints the ${n} document in force, and says which it is (a version, the last good one, or ${kind.bundled}).`,
        args: [],
        flags: [
          ...(kind.whole ? [{ name: 'merged', help: `the whole ${n} in force: the document over the bundled defaults` }] : []),
          { name: 'out', value: 'FILE', help: 'write it to FILE rather than stdout' },
          ...TARGET_FLAGS,
        ],
        examples: [`${n} pull --env production --out ${n}-production.json`],
      },
      run: (parsed, io) => pull(placeOf(kind, parsed, io), { merged: parsed.flags.has('merged'), out: parsed.flags.get('out') }),
    },
    {
      spec: {
        name: `${n} diff`,
        summary: `What pushing FILE would change, entry by entry in ops' words, against what is in force; what it would ask about or be refused for.`,
        args: [file],
        flags: [{ name: 'replace', help: 'as `push --replace` would: FILE is the whole document' }, ...TARGET_FLAGS],
        examples: [`${n} diff my-${n}.json --env preprod`],
      },
      run: (parsed, io) => diff(placeOf(kind, parsed, io), parsed.args.get('FILE')!, { replace: parsed.flags.has('replace') }),
    },
    {
      spec: {
        name: `${n} push`,
        summary: `Merges FILE over the ${n} in force, entry by entry, and records it as the next version.`,
        description: [
          `It shows the version it is based on and every change, then asks "yes" before anything that drops an entry, takes a live page off, puts two campaign pages of one edition live at once or moves a stage into the past (on every target, --local included), and before any write to production.`,
          `It records the version in D1 only if no other push landed since the one it is based on (else it is refused with that push's changes), then copies it to KV, where isolates pick it up within a minute.`,
          `While KV holds a document the worker refuses, or one that is not the newest recorded version, it refuses unless --force. Dated words that contradict their windows refuse it.`,
        ].join('\n'),
        args: [file],
        flags: [
          { name: 'replace', help: 'FILE is the whole document: every entry in force that it lacks is dropped (each listed, with a question)' },
          { name: 'force', help: 'push over a refused KV document, or a KV copy that is not the newest recorded version' },
          ...PUSH_FLAGS,
          ...TARGET_FLAGS,
        ],
        examples: [`${n} push my-${n}.json --env preprod`, `${n} push my-${n}.json --env production`, `${n} push my-${n}.json --env production --yes --by ci`],
      },
      async run(parsed, io) {
        const place = placeOf(kind, parsed, io);
        const path = parsed.args.get('FILE')!;
        const replace = parsed.flags.has('replace');
        await push(place, readDocument(kind, io, path), {
          replace,
          force: parsed.flags.has('force'),
          yes: parsed.flags.has('yes'),
          base: baseOf(parsed, n),
          by: byOf(parsed, io),
          note: `${replace ? 'push --replace' : 'push'} ${path}`,
        });
      },
    },
    {
      spec: {
        name: `${n} history`,
        summary: `The recorded versions of the ${n}, newest last: who pushed each, when, and what; * marks the one in force.`,
        args: [],
        flags: [{ name: 'all', help: `every version (default: the last 10)` }, ...TARGET_FLAGS],
      },
      run: (parsed, io) => history(placeOf(kind, parsed, io), { all: parsed.flags.has('all') }),
    },
    {
      spec: {
        name: `${n} rollback`,
        summary: `Pushes an old version again as a new one (default: the version before the one in force), with what it changes in ops' words.`,
        description: `The same questions as a push. Rolling back to the newest version serves it again when KV lost it. While KV holds a document the worker refuses, the default is the version serving meanwhile (the last good one), and the rollback replaces the refused document.`,
        args: [{ name: 'VERSION', optional: true, help: 'the version to restore (`history` lists them)' }],
        flags: [...PUSH_FLAGS, ...TARGET_FLAGS],
        examples: [`${n} rollback --env production`, `${n} rollback 7 --env production`],
      },
      async run(parsed, io) {
        const wanted = parsed.args.get('VERSION');
        if (wanted !== undefined && !/^\d+$/.test(wanted))
          throw new OpsError(`${n} rollback: VERSION is a version number (\`${n} history\` lists them), not "${wanted}"`);
        await rollback(placeOf(kind, parsed, io), wanted === undefined ? undefined : Number(wanted), {
          yes: parsed.flags.has('yes'),
          by: byOf(parsed, io),
          base: baseOf(parsed, n),
        });
      },
    },
  ];
}
