import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scrub } from '../../worker/log';

// No log line carries a credential or a visitor's address (docs/decisions/0030): the worker writes
// its lines through worker/log.ts, which scrubs them, and the platform's own request logs and
// traces, which record full URLs, are off.

describe('scrub', () => {
  const token = `${crypto.randomUUID()}${crypto.randomUUID()}`;
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c18xIiwic2lkIjoiMSIsImV4cCI6MX0.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmU';
  it.each([
    [`TypeError: Invalid URL: https://www.robolux.com/us/login?reset=${token}`, 'TypeError: Invalid URL: https://www.robolux.com/us/login?…'],
    [`fetch failed for http://cn.localhost:8787/login?next=%2F&reset=${token}#top`, 'fetch failed for http://cn.localhost:8787/login?…'],
    [`link /us/login?reset=${token}`, 'link /us/login?reset=<redacted>'],
    [`D1_ERROR: UNIQUE constraint failed: 'Ann.Lee+draw@Example.co.uk'`, `D1_ERROR: UNIQUE constraint failed: '<email>'`],
    ['to 山田@例え.jp and bob@x.io', 'to <email> and <email>'],
    [`apptoken: ${jwt}`, 'apptoken: <redacted>'],
    [`{"apptoken":"${jwt}","reftoken":"r-${token}"}`, '{"apptoken":"<redacted>","reftoken":"<redacted>"}'],
    [`Bearer ${jwt}`, 'Bearer <token>'],
    [`reftoken ${token}`, 'reftoken <redacted>'],
    [`session ${token.slice(0, 36)}`, 'session <token>'],
    [`key 0123456789abcdef0123456789abcdef0123`, 'key <token>'],
    ['render: Cannot read properties of undefined (reading "price")', 'render: Cannot read properties of undefined (reading "price")'],
    ['content: KV "bundle:us" rejected, version 3f2a91c0', 'content: KV "bundle:us" rejected, version 3f2a91c0'],
  ])('%j → %j', (line, scrubbed) => {
    expect(scrub(line)).toBe(scrubbed);
  });
});

describe('the worker’s log lines', () => {
  const files = readdirSync('worker', { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => join('worker', file));

  it('go through worker/log.ts alone, which scrubs them', () => {
    const direct = files.filter((file) => file !== join('worker', 'log.ts') && /\bconsole\.\w+\(/.test(readFileSync(file, 'utf8')));
    expect(direct).toEqual([]);
  });

  it('are the only ones: the platform’s invocation logs and traces, which record each request’s full URL, are off', () => {
    const toml = readFileSync('wrangler.toml', 'utf8');
    const section = (name: string) => new RegExp(`^\\[${name.replace('.', '\\.')}\\]\\n((?:(?!\\[).*\\n)*)`, 'm').exec(toml)?.[1] ?? '';
    expect(section('observability')).toMatch(/^enabled = true$/m);
    expect(section('observability.logs')).toMatch(/^invocation_logs = false$/m);
    expect(section('observability.traces')).toMatch(/^enabled = false$/m);
  });
});
