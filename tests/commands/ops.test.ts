import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPreview } from '../../worker/clock/preview';
import { rollSchedule } from '../../ops/roll';

const ops = (args: string[], env: Record<string, string> = {}) =>
  execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'ops/cli.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

describe('ops commands', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ops-'));

  it('accepts a valid schedule', () => {
    const file = join(dir, 'good.json');
    writeFileSync(file, JSON.stringify({ windows: { 'route:black-friday': { startTime: '2026-11-20T00:00:00+01:00' } } }));
    expect(ops(['schedule', 'check', file])).toContain('is valid');
  });

  it('refuses an invalid schedule, naming each mistake once, where it is and what to write', () => {
    const file = join(dir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({
        stages: { de: ['next friday'] },
        campaigns: { 'black-friday': { de: ['2026-11-16T00:00:00+01:00', '2026-11-31T00:00:00+01:00', '2026-11-30T00:00:00+01:00'] } },
        windows: { 'route:blackfriday@de': { startTime: '2026-11-16T00:00:00+01:00' } },
      }),
    );
    let message = '';
    try {
      ops(['schedule', 'check', file]);
    } catch (error) {
      message = String((error as { stderr: string }).stderr);
    }
    expect(message.trim().split('\n')).toEqual([
      `schedule: ${file} has 3 mistakes:`,
      '  stages.de[0]: "next friday" is not a date and time: write an ISO instant with its UTC offset, e.g. 2026-11-27T00:00:00+01:00 (de, Europe/Berlin)',
      '  campaigns.black-friday.de[1]: "2026-11-31T00:00:00+01:00" is not a date: there is no 31 November',
      '  windows.route:blackfriday@de: "route:blackfriday@de" names no window: did you mean "route:black-friday@de"?',
    ]);
  });

  it('warns, without refusing, when a valid file leaves one edition’s campaigns contradicting each other', () => {
    const file = join(dir, 'bf-only.json');
    writeFileSync(file, JSON.stringify(rollSchedule(2026, { campaigns: ['black-friday'], regions: ['de'] })));
    const out = execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'ops/cli.ts', 'schedule', 'check', file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(out).toContain('is valid');
    const result = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'ops/cli.ts', 'schedule', 'check', file], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('schedule: 1 warning (the document still counts):');
    expect(result.stderr).toContain('de Christmas sale (5 Dec 2024 00:00 CET) and Black Friday (16 Nov 2026 00:00 CET) are more than half a year apart');
  });

  it('mints a preview link the worker accepts on its host with the same secret until it expires, and only then', async () => {
    const secret = 'ops-secret-of-sixteen-chars';
    const out = ops(['preview', '2025-08-20T12:00:00+08:00', '--origin', 'https://www.example.com', '--next', '/us', '--valid-hours', '2'], {
      PREVIEW_SECRET: secret,
    }).trim();
    const url = new URL(out);
    expect(url.origin + url.pathname).toBe('https://www.example.com/__preview');
    expect(url.searchParams.get('next')).toBe('/us');
    const at = url.searchParams.get('at')!;
    const context = { allowUnsigned: false, secret, host: 'www.example.com', now: Date.now() };
    expect(await readPreview(at, context)).toEqual({ kind: 'ok', ms: Date.parse('2025-08-20T12:00:00+08:00') });
    expect(await readPreview(at, { ...context, secret: 'another-secret-of-sixteen' })).toEqual({ kind: 'invalid', fault: 'bad-signature' });
    expect(await readPreview(at, { ...context, host: 'preprod.example.com', otherHosts: ['www.example.com'] })).toEqual({
      kind: 'invalid',
      fault: 'other-host',
    });
    expect(await readPreview(at, { ...context, now: Date.now() + 2 * 3_600_000 + 60_000 })).toEqual({ kind: 'expired' });
  });

  it('prints the timeline of one edition in time order and writes it as HTML with preview links', () => {
    const out = join(dir, 'timeline.html');
    const text = ops(['timeline', '--region', 'de', '--from', '2024-11-01', '--to', '2024-12-31', '--out', out, '--origin', 'https://preprod.example.com']);
    const lines = text.trim().split('\n');
    expect(lines[0]).toMatch(/^2024-11-17T23:00:00\.000Z\s+de\s+stage\s+black-friday\s+stage 1 Early Black Friday\s+2024-11-18 00:00 \(Europe\/Berlin\)$/);
    expect(lines.some((l) => /2024-12-03T23:00:00\.000Z\s+de\s+page\s+route:black-friday\s+closes/.test(l))).toBe(true);
    expect(lines.every((l) => /^\S+\s+de\s/.test(l))).toBe(true);
    expect(lines.map((l) => l.slice(0, 24))).toEqual([...lines.map((l) => l.slice(0, 24))].sort());
    const html = readFileSync(out, 'utf8');
    expect(html).toContain(`https://preprod.example.com/__preview?at=${Date.parse('2024-11-17T23:00:00Z') - 60_000}&amp;next=%2Fde%2Fblack-friday`);
    expect(html.match(/<tr data-event=/g)).toHaveLength(lines.length);
  });

  it('runs a schedule document under test through the timeline before it is pushed', () => {
    const file = join(dir, 'moved.json');
    writeFileSync(
      file,
      JSON.stringify({
        campaigns: { 'black-friday': { de: ['2026-11-20T00:00:00+01:00', '2026-11-27T00:00:00+01:00', '2026-11-30T00:00:00+01:00'] } },
        windows: { 'route:black-friday@de': { campaign: 'black-friday', startTime: '2026-11-20T00:00:00+01:00', endTime: '2026-12-02T00:00:00+01:00' } },
      }),
    );
    const text = ops(['timeline', '--region', 'de', '--file', file, '--from', '2026-01-01', '--out', join(dir, 'moved.html')]);
    expect(text).toMatch(/2026-11-19T23:00:00\.000Z\s+de\s+page\s+route:black-friday\s+opens/);
    expect(text).toMatch(/2026-11-26T23:00:00\.000Z\s+de\s+stage\s+black-friday\s+stage 2 Black Friday/);
  });

  it('refuses an unknown region or date, saying so', () => {
    for (const args of [
      ['--region', 'xx'],
      ['--from', 'someday'],
    ]) {
      let message = '';
      try {
        ops(['timeline', ...args, '--out', join(dir, 'x.html')]);
      } catch (error) {
        message = String((error as { stderr: string }).stderr);
      }
      expect(message).toMatch(/timeline: --(region|from)/);
    }
  });

  it('links its previews to the local site on PORT, or to --origin', () => {
    const out = join(dir, 'port.html');
    ops(['timeline', '--region', 'uk', '--to', '2024-12-31', '--out', out], { PORT: '9123' });
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('href="http://localhost:9123/__preview?at=');
    expect(html).not.toContain('localhost:8787');
    // Styled on its own (it opens from a file): the ops stylesheet inlined, and which schedule it draws.
    expect(html).toContain('.timeline-table');
    expect(html).toContain('The bundled schedule (content/schedule.ts), as in force with no KV document.');
  });
});
