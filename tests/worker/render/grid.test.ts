import { describe, expect, it } from 'vitest';
import { cardSizes, gridAttributes } from '../../../worker/pages/parts/grid';

// The card grid's layout, chosen once from the number of cards: written on the list as data
// attributes that client/styles/sections.css maps to columns and spans, and read again for the
// pictures' `sizes`; tests/e2e/layout.test.ts and tests/e2e/pictures.test.ts measure both on screen.
describe('cards to a row in the card grid', () => {
  it.each([
    [1, 1, 1],
    [2, 2, 2],
    [3, 3, 3],
    [4, 2, 4],
    [5, 3, 3],
    [6, 3, 3],
    [7, 4, 4],
    [8, 2, 4],
    [9, 3, 3],
    [10, 2, 4],
    [11, 3, 4],
    [12, 3, 4],
  ])('%i cards: %i to a row on a tablet, %i on a desktop', (count, tablet, desktop) => {
    const attributes = gridAttributes(count);
    expect([attributes['data-tablet'], attributes['data-desktop']]).toEqual([String(tablet), String(desktop)]);
  });
});

describe('the layout attributes on a grid’s list', () => {
  it.each([
    // One card fills its row; a tile or a deal alone lies across, its picture beside its words.
    [1, {}, { 'data-tablet': '1', 'data-desktop': '1' }],
    [1, { across: 'alone' }, { 'data-tablet': '1', 'data-desktop': '1', 'data-across': 'tablet desktop' }],
    [1, { across: 'alone-or-pair' }, { 'data-tablet': '1', 'data-desktop': '1', 'data-across': 'tablet desktop' }],
    // Two home tiles stand as cards; two deals lie across on a desktop only, where each is half the page.
    [2, { across: 'alone' }, { 'data-tablet': '2', 'data-desktop': '2' }],
    [2, { across: 'alone-or-pair' }, { 'data-tablet': '2', 'data-desktop': '2', 'data-across': 'desktop' }],
    [3, { across: 'alone-or-pair' }, { 'data-tablet': '3', 'data-desktop': '3' }],
    [4, {}, { 'data-tablet': '2', 'data-desktop': '4' }],
    // A short last row one card short of full stands centred: 3 + 2 from a tablet up, 4 + 3 on a desktop.
    [5, {}, { 'data-tablet': '3', 'data-desktop': '3', 'data-centred': 'tablet desktop' }],
    [6, {}, { 'data-tablet': '3', 'data-desktop': '3' }],
    [7, {}, { 'data-tablet': '4', 'data-desktop': '4', 'data-centred': 'desktop' }],
    [8, {}, { 'data-tablet': '2', 'data-desktop': '4' }],
    [11, {}, { 'data-tablet': '3', 'data-desktop': '4' }],
    // Benefits, each a short line: five or six share one row on a desktop, 3 + 2 centred on a tablet.
    [4, { oneRow: 6 }, { 'data-tablet': '2', 'data-desktop': '4' }],
    [5, { oneRow: 6 }, { 'data-tablet': '3', 'data-desktop': '5', 'data-centred': 'tablet' }],
    [6, { oneRow: 6 }, { 'data-tablet': '3', 'data-desktop': '6' }],
    [7, { oneRow: 6 }, { 'data-tablet': '4', 'data-desktop': '4', 'data-centred': 'desktop' }],
  ] as const)('%i cards, %j: %j', (count, options, attributes) => {
    const written = Object.fromEntries(Object.entries(gridAttributes(count, options)).filter(([, value]) => value !== undefined));
    expect(written).toEqual(attributes);
  });
});

describe('a card picture’s sizes', () => {
  it.each([
    [2, { phone: '50vw' }, '(min-width: 1024px) 600px, (min-width: 560px) 50vw, 50vw'],
    [4, { phone: '50vw' }, '(min-width: 1024px) 300px, (min-width: 560px) 50vw, 50vw'],
    [5, { phone: '100vw' }, '(min-width: 1024px) 400px, (min-width: 560px) 34vw, 100vw'],
    // A lone home tile lies across from a tablet up; two tiles do not.
    [1, { phone: '100vw', across: 'alone' }, '(min-width: 1024px) 384px, (min-width: 560px) 384px, 100vw'],
    [2, { phone: '50vw', across: 'alone' }, '(min-width: 1024px) 600px, (min-width: 560px) 50vw, 50vw'],
    // A deal alone lies across from a tablet up, either of two on a desktop: its picture beside its words.
    [1, { phone: '112px', across: 'alone-or-pair' }, '(min-width: 1024px) 384px, (min-width: 560px) 384px, 112px'],
    [2, { phone: '112px', across: 'alone-or-pair' }, '(min-width: 1024px) 384px, (min-width: 560px) 50vw, 112px'],
    [3, { phone: '112px', across: 'alone-or-pair' }, '(min-width: 1024px) 400px, (min-width: 560px) 34vw, 112px'],
  ] as const)('%i cards, %j: %s', (count, options, sizes) => {
    expect(cardSizes(count, options)).toBe(sizes);
  });
});
