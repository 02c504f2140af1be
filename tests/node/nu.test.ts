import { describe, expect, it } from 'vitest';
import { checkerLag, nuErrors } from '../e2e/nu';

// The one Nu message let through (tests/e2e/nu.ts): the checker predates `blocking` on
// `<link rel=expect>`. Anything else about `blocking`, or any other error, still counts.
const LAG = 'A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”.';

describe('the Nu checker’s lag', () => {
  it.each([
    [LAG, 'anifest"/><link rel="expect" href="#page-end" blocking="render"/><link ', true],
    [LAG, 'ody><link rel="expect" href="#page-end" blocking="render"><link ', true],
    [LAG, 'ifest"/><link rel="preload" href="/a.css" blocking="render"/><link ', false],
    [LAG, '<link rel="expect" href="#main" blocking="render"/>', false],
    ['Bad value “expect” for attribute “rel” on element “link”.', '<link rel="expect" href="#page-end" blocking="render"/>', false],
  ])('%s on «%s»: let through %s', (message, extract, through) => {
    expect(checkerLag({ message, extract })).toBe(through);
  });
  it('keeps every other error and fatal message', () => {
    const messages = [
      { type: 'error', url: 'a', message: LAG, extract: '<link rel="expect" href="#page-end" blocking="render"/>' },
      { type: 'error', url: 'b', message: 'Duplicate ID “main”.' },
      { type: 'non-document-error', subType: 'fatal', url: 'c', message: 'Cannot read file.' },
      { type: 'info', url: 'd', message: 'Trailing slash on void elements has no effect.' },
    ];
    expect(nuErrors(messages).map((m) => m.url)).toEqual(['b', 'c']);
  });
});
