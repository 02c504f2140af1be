import { env } from 'cloudflare:test';
import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { passwordProblem } from '../../../worker/account/password';
import { fetchWorker } from '../fetch';

// The strength rule of new passwords (docs/decisions/0030): the brand's own words and the breached list.
describe('passwordProblem', () => {
  it.each([
    'robolux2026!',
    'Robolux2026!',
    'ROBOLUX-2026',
    'robosen2026!',
    'Megatron2026!',
    'optimusprime!',
    'OptimusPrime2026',
    'Grimlock2026!',
    'Bumblebee!2026',
    'buzzlightyear1',
    'transform2026!',
    'blackfriday2026!',
    'Christmas2026!',
    'Interstellar2026',
  ])('refuses %j: the brand, its products and its seasons are the first words a guesser tries', (password) => {
    expect(passwordProblem(password, 'member@example.com')).toMatch(/^(weak|brand)$/);
  });

  it('refuses every password of the bundled breached list long enough to be tried, as breached, case aside', () => {
    const listed = dictionary['passwords-common'].filter((p) => [...p].length >= 8);
    expect(listed.length).toBeGreaterThan(15_000);
    for (const password of listed.slice(0, 2000)) expect(passwordProblem(password, 'member@example.com'), password).toBe('breached');
    expect(passwordProblem('PASSWORD1234', 'member@example.com')).toBe('breached');
    expect(passwordProblem('Iloveyou12', 'member@example.com')).toBe('breached');
  });

  it('accepts a long unusual password, and refuses the address itself', () => {
    expect(passwordProblem('violet-harbour-cactus-93', 'member@example.com')).toBeUndefined();
    expect(passwordProblem('Correct horse battery staple 7', 'member@example.com')).toBeUndefined();
    expect(passwordProblem('member@example.com', 'member@example.com')).toBe('weak');
  });

  it('counts length in characters: 8 to 128', () => {
    expect(passwordProblem('short1!', 'member@example.com')).toBe('length');
    expect(passwordProblem('x'.repeat(129), 'member@example.com')).toBe('length');
  });
});

describe('register_or_login with a brand password', () => {
  it('answers 4002 and creates no account', async () => {
    const res = await fetchWorker('http://localhost/account/user/register_or_login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.250', region: 'us' },
      body: JSON.stringify({ email: 'brand-words@example.com', password: 'robolux2026!', agree: true }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(4002);
    expect(await env.ACCOUNTS_US.prepare('SELECT id FROM users WHERE email = ?1').bind('brand-words@example.com').first()).toBeNull();
  });
});
