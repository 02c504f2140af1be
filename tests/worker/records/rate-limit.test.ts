import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { allow } from '../../../worker/records/rate-limit';

// The one limiter: each purpose counts in its own key space, whose windows sweep only its own.

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
});
