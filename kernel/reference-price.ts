/**
 * The price a reduction may be struck through from where the law sets it (docs/decisions/0056):
 * the lowest price applied in the 30 days before the reduction began (Germany's PAngV § 11,
 * France's Code de la consommation L112-1-1, Directive 98/6/EC art. 6a). Pure: the history is
 * given (worker/clock/price-history.ts builds it from the content and the schedule).
 */

/** A price in force from `from` (ms; absent: since before any date the content holds) until `to` (exclusive; absent: open). */
export interface PricePeriod {
  price: number;
  from?: number | undefined;
  to?: number | undefined;
}

/** The days a reference looks back. */
const REFERENCE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The lowest price in force at any moment of the `days` before `start`: every period that
 * overlaps [start − days, start) counts, a stage's price from its start; undefined when none
 * does (no history to compare with).
 */
export function lowestBefore(history: readonly PricePeriod[], start: number, days = REFERENCE_DAYS): number | undefined {
  const since = start - days * DAY_MS;
  const prices = history.filter((p) => (p.from ?? -Infinity) < start && (p.to ?? Infinity) > since).map((p) => p.price);
  return prices.length > 0 ? Math.min(...prices) : undefined;
}

/**
 * What a deal at `price` from `from` may show struck through: the lowest price of the 30 days
 * before it began, when that is higher than the deal's; otherwise nothing (a raise came in
 * between, the deal is no reduction, or there is no history), and then no saving or percentage
 * may be announced either.
 */
export function referencePrice(history: readonly PricePeriod[], deal: { price: number; from: number }, days = REFERENCE_DAYS): number | undefined {
  const lowest = lowestBefore(history, deal.from, days);
  return lowest !== undefined && lowest > deal.price ? lowest : undefined;
}
