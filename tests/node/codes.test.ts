import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODES } from '../../kernel/codes';
import { STATUS } from '../../worker/post/codes';

// Result codes by name on both sides (kernel/codes.ts): the worker's status table covers
// every named code, and no browser code compares an answer's code with a bare number, where
// a renumbered code would silently stop matching.

const files = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(dir, file));

describe('result codes', () => {
  it('have an HTTP status for every named code, and no status for an unnamed one', () => {
    expect(Object.keys(STATUS).map(Number).sort()).toEqual(Object.values(CODES).sort());
  });

  it('are compared by name in the browser’s code, never as a bare number', () => {
    const bare = files('client').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bcode\s*[!=]==?\s*\d{4}\b/g)].map((match) => `${file}: ${match[0]}`),
    );
    expect(bare).toEqual([]);
  });
});
