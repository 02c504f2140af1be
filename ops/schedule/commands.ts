/**
 * `npm run ops -- schedule …`: the versioned document's commands for the schedule
 * (ops/versioned/commands.ts), and `roll`, which writes a year's campaign dates on each
 * campaign's rule (ops/roll.ts) and compares them with what is in force.
 */
import { REGIONS, type Region } from '../../content/editions';
import { CAMPAIGN_IDS, type CampaignId } from '../../content/schema/schedule';
import { inForceWords } from '../../worker/bundle/in-force';
import { OpsError } from '../command/error';
import { count, indent } from '../command/io';
import { TARGET_FLAGS, targetFlags, targetName } from '../command/target';
import { rollSchedule } from '../roll';
import { push, readState } from '../versioned/document';
import { baseOf, byOf, PUSH_FLAGS, placeOf, versionedCommands, type Command } from '../versioned/commands';
import { SCHEDULE } from './kind';

const roll: Command = {
  spec: {
    name: 'schedule roll',
    summary: "Writes a year's campaign dates on each campaign's rule to a file, with what they change against what is in force; --push pushes them.",
    description:
      'Black Friday is the day after the fourth Thursday of November (Cyber Monday the Monday after); Christmas and Back to School keep their bundled offsets from 25 December and the second Monday of August. Every threshold and page edge keeps its local time of day.',
    args: [],
    flags: [
      { name: 'year', value: 'YYYY', help: 'the year to roll the campaigns to (required)' },
      { name: 'campaign', value: 'CAMPAIGN', choices: CAMPAIGN_IDS, help: 'one campaign only' },
      { name: 'region', value: 'REGION', choices: REGIONS, help: 'one edition only' },
      { name: 'out', value: 'FILE', help: 'where to write it (default: schedule-YYYY[-campaign][-region].json)' },
      { name: 'push', help: 'push it too, as `schedule push FILE` would (the same questions)' },
      { name: 'force', help: 'with --push: push over a refused KV document (as `push --force`)' },
      ...PUSH_FLAGS,
      ...TARGET_FLAGS,
    ],
    examples: ['schedule roll --year 2026', 'schedule roll --year 2026 --campaign black-friday --region de', 'schedule roll --year 2026 --push --local'],
  },
  async run(parsed, io) {
    const written = parsed.flags.get('year');
    const year = Number(written);
    if (written === undefined || !/^\d{4}$/.test(written) || year < 2000 || year > 2100) {
      throw new OpsError(`schedule roll: --year is a year, e.g. --year ${new Date(io.now()).getUTCFullYear()} (npm run ops -- schedule roll --help)`);
    }
    // A misplaced flag is refused before the file is written or anything is read.
    const base = baseOf(parsed, 'schedule roll');
    if (!parsed.flags.has('push')) {
      const pushOnly = ['force', 'yes', 'by', 'base'].filter((flag) => parsed.flags.has(flag));
      if (pushOnly.length)
        throw new OpsError(
          `schedule roll: ${pushOnly.map((flag) => `--${flag}`).join(', ')} only go${pushOnly.length === 1 ? 'es' : ''} with --push (npm run ops -- schedule roll --help)`,
        );
    }
    const campaign = parsed.flags.get('campaign') as CampaignId | undefined;
    const region = parsed.flags.get('region') as Region | undefined;
    const document = rollSchedule(year, { ...(campaign ? { campaigns: [campaign] } : {}), ...(region ? { regions: [region] } : {}) });
    const { errors } = SCHEDULE.check(document);
    if (errors.length) throw new OpsError(`schedule roll: the roll made an invalid document (a bug):\n${indent(errors)}`);
    const out = parsed.flags.get('out') ?? `schedule-${year}${campaign ? `-${campaign}` : ''}${region ? `-${region}` : ''}.json`;
    const place = placeOf(SCHEDULE, parsed, io);
    io.writeFile(out, `${JSON.stringify(document, null, 2)}\n`);
    const state = await readState(place);
    const what = `schedule: ${out} holds ${campaign ?? 'every campaign'} in ${region ?? 'every region'} for ${year}`;
    const note = `roll --year ${year}${campaign ? ` --campaign ${campaign}` : ''}${region ? ` --region ${region}` : ''}`;
    if (parsed.flags.has('push')) {
      // The push says what it is based on and lists the changes.
      io.out(what);
      await push(place, document, { replace: false, force: parsed.flags.has('force'), yes: parsed.flags.has('yes'), base, by: byOf(parsed, io), note }, state);
      return;
    }
    const served = state.inForce.document ? SCHEDULE.withoutMeta(state.inForce.document) : null;
    const merged = SCHEDULE.merge(served, document).document;
    const changes = SCHEDULE.changes(served, merged);
    io.out(
      `${what}; against what ${targetName(place.target)} serves (${inForceWords(state.inForce, SCHEDULE.bundled)}), ${
        changes.length ? `${count(changes.length, 'change')}:\n${indent(changes)}` : 'it changes nothing'
      }`,
    );
    const warnings = SCHEDULE.warnings(merged);
    if (warnings.length) io.err(`schedule: ${count(warnings.length, 'warning')} (the document still counts):\n${indent(warnings)}`);
    io.out(
      `review it, then: npm run ops -- schedule diff ${out}${targetFlags(place.target)} && npm run ops -- schedule push ${out}${targetFlags(place.target)}`,
    );
  },
};

/** Every `schedule …` command. */
export const SCHEDULE_COMMANDS: readonly Command[] = [...versionedCommands(SCHEDULE), roll];
