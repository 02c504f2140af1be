import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE } from '../../../content/schedule';
import { isVisible, stageAt } from '../../../worker/clock/stage';
import { previewValue, readPreview, signPreview } from '../../../worker/clock/preview';

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
  const now = at('2026-11-23T12:00:00Z');
  const grant = { ms, host: 'www.example.com', expires: now + 60_000 };
  const production = { allowUnsigned: false, secret: 'secret-of-sixteen-chars', host: 'www.example.com', now };
  const read = (value: string, context: Partial<typeof production & { otherHosts: string[] }> = {}) => readPreview(value, { ...production, ...context });

  it('counts an unsigned value only where unsigned previews are allowed', async () => {
    expect(await read(String(ms), { allowUnsigned: true, secret: undefined })).toEqual({ kind: 'ok', ms });
    expect(await read(String(ms))).toEqual({ kind: 'invalid', fault: 'bad-signature' });
  });
  it('counts a token signed with the secret for this host until it expires', async () => {
    const token = await signPreview(grant, production.secret);
    expect(token).toMatch(/^\d+\.\d+\.[0-9a-f]{64}$/);
    expect(await read(token)).toEqual({ kind: 'ok', ms });
    expect(await read(token, { host: 'WWW.Example.com:443' })).toEqual({ kind: 'ok', ms });
    expect(await read(token, { now: grant.expires - 1 })).toEqual({ kind: 'ok', ms });
  });
  it('says a token has expired from the moment its expiry is reached', async () => {
    const token = await signPreview(grant, production.secret);
    expect(await read(token, { now: grant.expires })).toEqual({ kind: 'expired' });
    expect(await read(token, { now: grant.expires + 86_400_000 })).toEqual({ kind: 'expired' });
  });
  it('refuses a token for another host, re-dated, given a longer life, or signed with another secret', async () => {
    const token = await signPreview(grant, production.secret);
    const [, expires, sig] = token.split('.');
    const badSignature = { kind: 'invalid', fault: 'bad-signature' };
    // Made for another of the site's hosts: said so, rather than "changed".
    expect(await read(token, { host: 'preprod.example.com', otherHosts: ['www.example.com'] })).toEqual({ kind: 'invalid', fault: 'other-host' });
    expect(await read(token, { host: 'preprod.example.com' })).toEqual(badSignature);
    expect(await read(`${ms + 1}.${expires}.${sig}`, { otherHosts: ['preprod.example.com'] })).toEqual(badSignature);
    expect(await read(`${ms}.${Number(expires) + 1}.${sig}`)).toEqual(badSignature);
    expect(await read(token, { secret: 'another-secret-of-sixteen' })).toEqual(badSignature);
    expect(await read(token, { secret: undefined })).toEqual(badSignature);
    expect(await read(`${ms}.${expires}.zz`)).toEqual(badSignature);
    expect(await read(`${ms}.${sig}`)).toEqual(badSignature);
  });
  it.each(['', 'abc', '-1', '1e12', '99999999999999999999', '1.2.3', '1.2.3.4', 'x'.repeat(500), '946684799999'])('ignores %s as a bad date', async (value) => {
    expect(await read(value, { allowUnsigned: true })).toEqual({ kind: 'invalid', fault: 'bad-date' });
  });
  it('reads an ISO date whose "+" arrived as a space (a query decodes "+" as a space)', () => {
    const iso = '2026-11-28T00:01:00+01:00';
    expect(previewValue(iso.replace('+', ' '), true)).toBe(String(Date.parse(iso)));
    expect(previewValue(iso, true)).toBe(String(Date.parse(iso)));
    expect(previewValue('2026-11-28T00:01:00 0100', true)).toBe(String(Date.parse(iso)));
    expect(previewValue('2026-11-28T00:01:00-05:00', true)).toBe(String(Date.parse('2026-11-28T05:01:00Z')));
    // Where only signed tokens count, a date stays as written, and reads as a bad date.
    expect(previewValue(iso.replace('+', ' '), false)).toBe(iso.replace('+', ' '));
  });
});
