import { describe, expect, it } from 'vitest';
import { clockOffset, offsetFrom, pad, timeLeft, untilNextTick } from '../../../kernel/countdown';

const T = Date.parse('2024-11-29T00:00:00-05:00');
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('time left until a countdown target', () => {
  it.each([
    ['ten days before', T - 10 * D, { days: 10, hours: 0, minutes: 0, seconds: 0, done: false }],
    ['1 d 2 h 3 min 4 s before', T - (D + 2 * H + 3 * M + 4 * S), { days: 1, hours: 2, minutes: 3, seconds: 4, done: false }],
    ['23:59:59 before', T - (D - S), { days: 0, hours: 23, minutes: 59, seconds: 59, done: false }],
    ['half a second before (rounds up: not zero yet)', T - 500, { days: 0, hours: 0, minutes: 0, seconds: 1, done: false }],
    ['1 ms before', T - 1, { days: 0, hours: 0, minutes: 0, seconds: 1, done: false }],
    ['exactly at the target', T, { days: 0, hours: 0, minutes: 0, seconds: 0, done: true }],
    ['after the target (never negative)', T + 5 * D, { days: 0, hours: 0, minutes: 0, seconds: 0, done: true }],
    [
      'across a DST change (absolute time, not wall clock)',
      Date.parse('2024-11-02T00:00:00-04:00'),
      { days: 27, hours: 1, minutes: 0, seconds: 0, done: false },
    ],
  ])('%s', (_, now, left) => {
    expect(timeLeft(T, now)).toEqual(left);
  });
});

describe('the server clock offset', () => {
  it.each([
    ['server ahead, no latency', 10_000, 0, 0, 10_000],
    ['server ahead, 200 ms round trip: read half-way', 10_100, 0, 200, 10_000],
    ['server behind', 1_000, 5_000, 5_000, -4_000],
    [
      'previewed moment far in the past',
      Date.parse('2024-11-28T23:59:50-05:00'),
      Date.parse('2026-11-23T21:00:00Z'),
      Date.parse('2026-11-23T21:00:00Z') + 40,
      Date.parse('2024-11-28T23:59:50-05:00') - Date.parse('2026-11-23T21:00:00Z') - 20,
    ],
  ])('%s', (_, server, sent, received, offset) => {
    expect(offsetFrom(server, sent, received)).toBe(offset);
  });

  it.each([
    ['the answer first', { fetched: 5, lastKnown: 7, renderedAt: 100, loadedAt: 10 }, 5],
    ['else the last known time', { lastKnown: 7, renderedAt: 100, loadedAt: 10 }, 7],
    ['else the page’s render time', { renderedAt: 100, loadedAt: 10 }, 90],
    ['a zero offset counts as known', { fetched: 0, lastKnown: 7, renderedAt: 100, loadedAt: 10 }, 0],
  ])('counts with %s', (_, sources, offset) => {
    expect(clockOffset(sources)).toBe(offset);
  });
});

describe('ticks', () => {
  it.each([
    [T - 2500, 500],
    [T - 2000, 1000],
    [T - 1999, 999],
    [T - 1, 1],
  ])('at %s the display changes in %s ms', (now, ms) => {
    expect(untilNextTick(T, now)).toBe(ms);
    // …and then it shows one second less.
    expect(timeLeft(T, now + ms).seconds).toBe(timeLeft(T, now).seconds - 1);
  });

  it.each([
    [0, '00'],
    [7, '07'],
    [59, '59'],
  ])('pads %s as %s', (n, text) => {
    expect(pad(n)).toBe(text);
  });
});
