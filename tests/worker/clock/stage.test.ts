import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE } from '../../../content/schedule';
import { isVisible, stageAt } from '../../../worker/clock/stage';
import { readPreview, signPreview } from '../../../worker/clock/preview';

const at = (iso: string) => Date.parse(iso);
const US = DEFAULT_SCHEDULE.stages.us;

describe('stageAt (US Back to School thresholds)', () => {
  it.each([
    ['2025-08-11T06:59:59Z', 0],
    ['2025-08-11T07:00:00Z', 1], // 15:00 +08:00
    ['2025-08-20T00:00:00Z', 1],
    ['2025-08-23T07:00:00Z', 2],
    ['2025-08-26T06:59:59Z', 2],
    ['2025-08-26T07:00:00Z', 3],
    ['2026-11-22T00:00:00Z', 3],
  ])('at %s the stage is %i', (iso, stage) => {
    expect(stageAt(US, at(iso))).toBe(stage);
  });
  it('is 0 for a region without thresholds', () => {
    expect(stageAt(undefined, Date.now())).toBe(0);
  });
});

describe('isVisible', () => {
  const now = at('2025-08-15T00:00:00Z');
  it.each([
    [undefined, 1, true],
    [{}, 1, true],
    [{ startTime: '2025-08-14T00:00:00Z' }, 1, true],
    [{ startTime: '2025-08-15T00:00:00Z' }, 1, true],
    [{ startTime: '2025-08-16T00:00:00Z' }, 1, false],
    [{ endTime: '2025-08-15T00:00:00Z' }, 1, false],
    [{ endTime: '2025-08-15T00:00:01Z' }, 1, true],
    [{ stage: 1 }, 1, true],
    [{ stage: 2 }, 1, false],
    [{ stage: [1, 2] }, 2, true],
    [{ stages: [1, 2] }, 3, false],
    [{ stages: 0 }, 0, true],
    [{ startTime: '2025-08-14T00:00:00Z', endTime: '2025-08-16T00:00:00Z', stages: [1] }, 1, true],
    [{ startTime: '2025-08-14T00:00:00Z', endTime: '2025-08-16T00:00:00Z', stages: [1] }, 2, false],
  ] as const)('window %j at stage %i → %s', (window, stage, expected) => {
    expect(isVisible(window as never, now, stage)).toBe(expected);
  });
});

describe('preview timestamps', () => {
  const ms = at('2025-08-20T12:00:00Z');
  it('counts an unsigned value only where unsigned previews are allowed', async () => {
    expect(await readPreview(String(ms), true, undefined)).toBe(ms);
    expect(await readPreview(String(ms), false, 'secret')).toBeUndefined();
  });
  it('counts a value signed with the secret in production', async () => {
    const signed = await signPreview(ms, 'secret');
    expect(signed).toMatch(/^\d+\.[0-9a-f]{64}$/);
    expect(await readPreview(signed, false, 'secret')).toBe(ms);
  });
  it('refuses a forged, re-dated or wrongly signed value', async () => {
    const signed = await signPreview(ms, 'secret');
    const [, sig] = signed.split('.');
    expect(await readPreview(`${ms + 1}.${sig}`, false, 'secret')).toBeUndefined();
    expect(await readPreview(signed, false, 'other')).toBeUndefined();
    expect(await readPreview(`${ms}.zz`, false, 'secret')).toBeUndefined();
  });
  it.each(['', 'abc', '-1', '1e12', '99999999999999999999', '1.2.3', 'x'.repeat(500), '946684799999'])('ignores %s', async (value) => {
    expect(await readPreview(value, true, 'secret')).toBeUndefined();
  });
});
