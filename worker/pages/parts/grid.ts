/**
 * The card grid of client/styles/sections.css (home tiles, product and info cards, campaign
 * deals, the gift guide, campaign benefits): how many cards to a row, whether a short last row
 * stands centred and whether a card lies across, its picture beside its words, all from the
 * number of cards. The server knows that number, so it decides the layout once here and writes
 * it on the list (`gridAttributes`); the stylesheet only maps the attributes to columns and
 * spans, with no quantity query (`:has(> :last-child:nth-child(N))`) to re-match on every node
 * the streamed page inserts. The pictures' `sizes` (`cardSizes`) read the same layout, so the
 * file a browser picks is as wide as the card it is drawn in; tests/e2e/pictures.test.ts
 * measures every drawn picture against its file, tests/e2e/layout.test.ts the layouts.
 */

/** The page's widest content, `--max` of client/styles/tokens.css. */
const MAX_CONTENT_PX = 1200;

/**
 * The widest a card's picture is drawn where the card lies across its row, its picture beside
 * its words (`min(45%, 24rem)`, sections.css `[data-across]`).
 */
const BESIDE_PX = 384;

/** The two widths the grid changes at: a tablet from 560 px, a desktop from 1024 px. */
type Breakpoint = 'tablet' | 'desktop';

/**
 * Which cards of a grid lie across their row, picture beside words, from a tablet up:
 * `alone`, a card alone in its grid (a lone deal, a lone home tile); `alone-or-pair`, that and
 * either of two cards on a desktop, where half the page is as wide as a lone card on a tablet
 * (campaign deals).
 */
export type Across = 'alone' | 'alone-or-pair';

/**
 * How a grid's cards may lie: `across`, which of them lie across their row (none if absent);
 * `oneRow`, up to how many share one row on a desktop (4; the campaign benefits, each a short
 * line, 6).
 */
export interface GridOptions {
  across?: Across;
  oneRow?: number;
}

/** A card grid's layout at one breakpoint. */
interface Columns {
  /** Cards to a row. */
  cols: number;
  /** The last row is one card short of full and stands centred under the full ones. */
  centred: boolean;
  /** Each card lies across its row, its picture beside its words. */
  across: boolean;
}

/** A card grid's layout on a tablet and on a desktop; on a phone each grid has its own (one column, home tiles and product cards two up). */
type GridLayout = Record<Breakpoint, Columns>;

/**
 * The layout of `count` cards. The column count follows the number so that no row is left with
 * one card alone: 5 and 6 cards lay out 3 + 2 and 3 + 3, 7 and 8 lay out 4 + 3 and 4 + 4 on a
 * desktop, and so on up to 12. Five cards centre their short row from a tablet up, seven on a
 * desktop (on a tablet their four columns leave it at the left, as they always have).
 */
function gridLayout(count: number, { across, oneRow = 4 }: GridOptions = {}): GridLayout {
  const tablet = count <= 1 ? 1 : [3, 5, 6, 9, 11, 12].includes(count) ? 3 : count === 7 ? 4 : 2;
  const desktop = count <= oneRow ? Math.max(count, 1) : [4, 7, 8, 10, 11, 12].includes(count) ? 4 : tablet;
  return {
    tablet: { cols: tablet, centred: count === 5, across: across !== undefined && count === 1 },
    desktop: {
      cols: desktop,
      centred: count > oneRow && (count === 5 || count === 7),
      across: across !== undefined && (count === 1 || (across === 'alone-or-pair' && count === 2)),
    },
  };
}

/** The breakpoints at which `flag` holds, as a token list for a `~=` selector, or undefined if none. */
function tokens(layout: GridLayout, flag: 'centred' | 'across'): string | undefined {
  const at = (['tablet', 'desktop'] as const).filter((b) => layout[b][flag]);
  return at.length > 0 ? at.join(' ') : undefined;
}

/**
 * The attributes a grid's list carries for `count` cards: `data-tablet` and `data-desktop`,
 * cards to a row; `data-centred`, where its short last row stands centred; `data-across`, where
 * its cards lie across. The stylesheet turns them into `--cols` and spans (the CSP allows no
 * inline style). Spread them on the `<ul>`: `<ul className="tiles" {...gridAttributes(n)}>`.
 */
export function gridAttributes(count: number, options: GridOptions = {}): Record<`data-${string}`, string | undefined> {
  const layout = gridLayout(count, options);
  return {
    'data-tablet': String(layout.tablet.cols),
    'data-desktop': String(layout.desktop.cols),
    'data-centred': tokens(layout, 'centred'),
    'data-across': tokens(layout, 'across'),
  };
}

/**
 * `sizes` for a card's picture among `count` cards: the card's share of the page on a tablet
 * and a desktop, `BESIDE_PX` where it lies across (`across`, as given to `gridAttributes`), and
 * `phone` below 560 px, where each grid lays its cards out its own way (home tiles two up, deals
 * with a small picture beside their words).
 */
export function cardSizes(count: number, { phone, ...options }: GridOptions & { phone: string }): string {
  const layout = gridLayout(count, options);
  const wide = layout.desktop.across ? `${BESIDE_PX}px` : `${Math.ceil(MAX_CONTENT_PX / layout.desktop.cols)}px`;
  const middle = layout.tablet.across ? `${BESIDE_PX}px` : `${Math.ceil(100 / layout.tablet.cols)}vw`;
  return `(min-width: 1024px) ${wide}, (min-width: 560px) ${middle}, ${phone}`;
}
