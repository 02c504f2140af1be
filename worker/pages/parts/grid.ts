/**
 * The `sizes` of a card's picture in the card grid of client/styles/sections.css (home tiles,
 * product cards, campaign deals), from the number of cards: the grid's column count follows
 * that number, so the width a card's picture is drawn at does too. A `sizes` narrower than the
 * card leaves the browser fetching a file too small for it (the China home's two tiles, drawn
 * 480 px wide from a 320 px file at 1280 px); wider, it fetches more than it draws. The
 * stylesheet's quantity queries and `cardsPerRow` are one rule written twice, once in CSS and
 * once here; the browser suite (tests/e2e/pictures.test.ts) holds them together by measuring
 * every drawn picture against its file.
 */

/** The page's widest content, `--max` of client/styles/tokens.css. */
const MAX_CONTENT_PX = 1200;

/**
 * The widest a card's picture is drawn where the card lies across its row, its picture beside
 * its words (`min(45%, 24rem)`): a lone campaign deal (client/styles/campaign.css), a lone
 * home tile (client/styles/sections.css).
 */
export const BESIDE_PX = 384;

/** Cards to a row from 560 px (`tablet`) and from 1024 px (`desktop`), for `count` cards. */
export function cardsPerRow(count: number): { tablet: number; desktop: number } {
  const tablet = count <= 1 ? 1 : [3, 5, 6, 9, 11, 12].includes(count) ? 3 : count === 7 ? 4 : 2;
  const desktop = [4, 7, 8, 10, 11, 12].includes(count) ? 4 : tablet;
  return { tablet, desktop };
}

/**
 * `sizes` for a card's picture among `count` cards: at most the card's share of the page on a
 * tablet and a desktop, and `phone` below 560 px, where each grid lays its cards out its own way
 * (home tiles two up, deals with a small picture beside their words). `beside` is the widest a
 * campaign deal's picture is drawn where the deal lies across, its picture beside its words: a
 * lone deal from a tablet up, either of two on a desktop (client/styles/campaign.css).
 */
export function cardSizes(count: number, { phone, beside }: { phone: string; beside?: number }): string {
  const { tablet, desktop } = cardsPerRow(count);
  const wide = beside !== undefined && count <= 2 ? `${beside}px` : `${Math.ceil(MAX_CONTENT_PX / desktop)}px`;
  const middle = beside !== undefined && count === 1 ? `${beside}px` : `${Math.ceil(100 / tablet)}vw`;
  return `(min-width: 1024px) ${wide}, (min-width: 560px) ${middle}, ${phone}`;
}
