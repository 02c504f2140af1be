import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { allow, sliding, within } from '../../../worker/records/rate-limit';

// The one limiter: each purpose counts in its own key space, whose windows sweep only its own,
// and counts over the last window's span, not in fixed windows a burst can straddle.

const TEN_MINUTES = 600_000;

describe('allow', () => {
  it('keeps the support forms’ ten-minute count while sign-ins open new one-minute windows', async () => {
    const db = env.ACCOUNTS_US;
    const start = 1_900_000_000_000 - (1_900_000_000_000 % TEN_MINUTES);
    for (let i = 0; i < 5; i++) expect(await allow(db, 'form', '192.0.2.10', start + i)).toBe(true);
    // Three minutes later, sign-ins with new addresses open new windows of their own.
    for (let minute = 1; minute <= 3; minute++) await allow(db, 'account-address', `sign_in:new${minute}@example.com`, start + minute * 60_000);
    expect(await allow(db, 'form', '192.0.2.10', start + 3 * 60_000 + 1)).toBe(false);
  });

  it('allows again in the purpose’s next window, and sweeps the purpose’s old windows', async () => {
    const db = env.ACCOUNTS_US;
    const start = 1_900_000_000_000 - (1_900_000_000_000 % 60_000);
    for (let i = 0; i < 10; i++) await allow(db, 'subscribe', '192.0.2.11', start + i);
    expect(await allow(db, 'subscribe', '192.0.2.11', start + 10)).toBe(false);
    expect(await allow(db, 'subscribe', '192.0.2.11', start + 2 * 60_000)).toBe(true);
    const old = await db
      .prepare("SELECT COUNT(*) AS n FROM rate_limits WHERE key = 'subscribe:192.0.2.11' AND window_start = ?1")
      .bind(start)
      .first<{ n: number }>();
    expect(old?.n).toBe(0);
  });

  it('counts one subject per purpose: a form post does not spend a subscription', async () => {
    const db = env.DB;
    const now = 1_900_000_000_000;
    for (let i = 0; i < 10; i++) await allow(db, 'lucky-draw', '192.0.2.12', now);
    expect(await allow(db, 'subscribe', '192.0.2.12', now)).toBe(true);
  });

  it('refuses a burst across a window’s edge: five forms in the last second of one window, a sixth in the first of the next', async () => {
    const db = env.ACCOUNTS_US;
    const edge = 1_900_000_000_000 - (1_900_000_000_000 % TEN_MINUTES) + TEN_MINUTES;
    for (let i = 0; i < 5; i++) expect(await allow(db, 'form', '192.0.2.13', edge - 1000 + i)).toBe(true);
    expect(await allow(db, 'form', '192.0.2.13', edge + 1)).toBe(false);
    expect(await within(db, 'form', '192.0.2.13', edge + 2)).toBe(false);
    // Ten minutes after the burst it has left the span: allowed again.
    expect(await allow(db, 'form', '192.0.2.13', edge + TEN_MINUTES - 1000)).toBe(true);
  });
});

describe('sliding', () => {
  // current, previous, how far into the window, the count over the last window's span
  const CASES: [number, number, number, number][] = [
    [1, 0, 0, 1],
    [1, 5, 0, 6],
    [1, 5, 0.5, 3.5],
    [3, 10, 0.9, 4],
    [0, 5, 0.999, 0.005],
  ];
  for (const [current, previous, into, expected] of CASES)
    it(`counts ${current} now and ${previous} before, ${into * 100} % into the window, as ${expected}`, () => {
      const window = 60_000;
      expect(sliding(current, previous, 1_900_000_020_000 - (1_900_000_020_000 % window) + into * window, window)).toBeCloseTo(expected, 6);
    });
});
