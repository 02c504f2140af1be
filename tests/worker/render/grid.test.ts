import { describe, expect, it } from 'vitest';
import { cardSizes, cardsPerRow } from '../../../worker/pages/parts/grid';

// The card grid's columns as client/styles/sections.css lays them out, written as a rule once
// more for the pictures' `sizes`; tests/e2e/pictures.test.ts measures the two agree on screen.
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
    [12, 3, 4],
  ])('%i cards: %i to a row on a tablet, %i on a desktop', (count, tablet, desktop) => {
    expect(cardsPerRow(count)).toEqual({ tablet, desktop });
  });
});

describe('a card picture’s sizes', () => {
  it.each([
    [2, { phone: '50vw' }, '(min-width: 1024px) 600px, (min-width: 560px) 50vw, 50vw'],
    [4, { phone: '50vw' }, '(min-width: 1024px) 300px, (min-width: 560px) 50vw, 50vw'],
    [5, { phone: '100vw' }, '(min-width: 1024px) 400px, (min-width: 560px) 34vw, 100vw'],
    // A deal alone lies across from a tablet up, either of two on a desktop: its picture beside its words.
    [1, { phone: '112px', beside: 384 }, '(min-width: 1024px) 384px, (min-width: 560px) 384px, 112px'],
    [2, { phone: '112px', beside: 384 }, '(min-width: 1024px) 384px, (min-width: 560px) 50vw, 112px'],
    [3, { phone: '112px', beside: 384 }, '(min-width: 1024px) 400px, (min-width: 560px) 34vw, 112px'],
  ])('%i cards, %j: %s', (count, options, sizes) => {
    expect(cardSizes(count, options)).toBe(sizes);
  });
});
