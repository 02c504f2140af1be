import { describe, expect, it } from 'vitest';
import { envFlag, warningLines } from '../../scripts/release/release';

// A deploy fails on any warning wrangler prints (docs/decisions/0063): the configuration's,
// read in-process, and the ones its own commands print while the dry run rehearses, which the
// deploy used to throw away with their output.

describe('wrangler’s warnings, one sentence each', () => {
  it.each([
    [
      'a nested configuration warning, in colour',
      '\u001b[33m▲ \u001b[43;33m[\u001b[43;30mWARNING\u001b[43;33m]\u001b[0m \u001b[1mProcessing wrangler.toml configuration:\u001b[0m\n\n  \n    - "env.preprod" environment configuration\n      - "send_email" exists at the top level, but not on "env.preprod".\n        This is not what you probably want.\n        Please add "send_email" to "env.preprod".\n\n',
      [
        '"env.preprod" environment configuration: "send_email" exists at the top level, but not on "env.preprod". This is not what you probably want. Please add "send_email" to "env.preprod".',
      ],
    ],
    [
      'two items under one title',
      '▲ [WARNING] Processing wrangler.toml configuration:\n\n    - Unexpected fields found in top-level field: "unknown_field"\n    - "compatibility_flags" lists "x" twice\n\n',
      ['Unexpected fields found in top-level field: "unknown_field"', '"compatibility_flags" lists "x" twice'],
    ],
    [
      'a command’s warning, and what it prints after it',
      '▲ [WARNING] Multiple environments are defined, but no target environment was specified.\n\n  Pass --env="" for the top level.\n\n\n⛅️ wrangler 4.86.0\n──────\nTotal Upload: 2276.26 KiB / gzip: 743.23 KiB\n',
      ['Multiple environments are defined, but no target environment was specified. Pass --env="" for the top level.'],
    ],
    ['no warning', '⛅️ wrangler 4.86.0\nTotal Upload: 1 KiB\n--dry-run: exiting now.\n', []],
  ])('%s', (_, text, lines) => {
    expect(warningLines(text)).toEqual(lines);
  });

  it('never come from the deploy’s own commands: production is named as the top level', () => {
    expect(envFlag('production')).toEqual(['--env', '']);
    expect(envFlag('preprod')).toEqual(['--env', 'preprod']);
  });
});
