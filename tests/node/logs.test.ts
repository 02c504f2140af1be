import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scrub } from '../../worker/log';

// No log line carries a credential or a visitor's address (decisions 0030, 0065): the worker
// writes its lines through worker/log.ts, which scrubs them, and the platform's own request logs
// and traces, which record full URLs, are off. Ids that are no secret (a version, a session)
// stay readable: ops need them.

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
    [`Bearer ${jwt}`, 'Bearer <redacted>'],
    [`reftoken ${token}`, 'reftoken <redacted>'],
    // A secret by its name, wherever the name stands: prefixed, `key=value`, `key: value`, JSON, a header.
    ['SESSION_SECRET=shh', 'SESSION_SECRET=<redacted>'],
    ['export SESSION_SECRET="shh now" PREVIEW_SECRET=abc', 'export SESSION_SECRET="<redacted>" PREVIEW_SECRET=<redacted>'],
    ['TURNSTILE_SECRET: 0x4AAAAAAAB-secret', 'TURNSTILE_SECRET: <redacted>'],
    ['DB_PASSWORD=hunter2 DB_USER=admin', 'DB_PASSWORD=<redacted> DB_USER=admin'],
    ['connect failed api_key=k1 region=eu', 'connect failed api_key=<redacted> region=eu'],
    ['x-api-key: abc123', 'x-api-key: <redacted>'],
    ['{"sessionSecret": "a b c", "apiKey":"k", "user_id": "u1"}', '{"sessionSecret": "<redacted>", "apiKey":"<redacted>", "user_id": "u1"}'],
    [`Authorization: Bearer ${jwt}`, 'Authorization: <redacted>'],
    [`headers {"authorization":"Bearer abc.def"}`, 'headers {"authorization":"<redacted>"}'],
    ['Authorization: Basic dXNlcjpwYXNz', 'Authorization: <redacted>'],
    ['user token=abc123 ok', 'user token=<redacted> ok'],
    ["config {'client_secret': 's3'}", "config {'client_secret': '<redacted>'}"],
    // A name that is no secret's, and words after a secret's name that are no value, stay.
    ['password mismatch for the account', 'password mismatch for the account'],
    ['design=wide tokenizer=budoux', 'design=wide tokenizer=budoux'],
    // Ids are no secrets: a version, a session, a user (one UUID each); two UUIDs (a reset token) are.
    ['{"event":"request","version":"9f8e7d6c-2222-4b3a-8c9d-5e4f3a2b1c0d"}', '{"event":"request","version":"9f8e7d6c-2222-4b3a-8c9d-5e4f3a2b1c0d"}'],
    [`session ${token.slice(0, 36)}`, `session ${token.slice(0, 36)}`],
    [`reset link ${token} expired`, 'reset link <token> expired'],
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
