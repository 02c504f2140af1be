/**
 * A product's figures as one request quotes them: the schedule's dated words resolved at the
 * request's moment (docs/decisions/0029), and every figure formatted for the edition. The
 * head (its description and structured data) and the page's copy quote the same figures;
 * they are worked out once a request, not once for each (a product page's render spent some
 * 15 % of its JavaScript formatting them twice).
 */
import { figureParams } from '../../kernel/figures';
import type { FigureValue } from '../../content/schema/product';
import { resolveFigures, type ResolvedFigures } from '../clock/dated';
import type { Site } from './site';

/** A product's figures at the request's moment, and their text in the edition's words. */
export interface QuotedFigures extends ResolvedFigures {
  /** The figures that hold now, formatted: `{ servos: '31', battery: '120 minutes' }`. */
  params: Record<string, string>;
  /** The dated figures that have passed, formatted (a timeline's past steps). */
  past: Record<string, string>;
}

/** Per request (a `Site` is one request's), per product's figures: what `quotedFigures` worked out. */
const quoted = new WeakMap<Site, Map<Record<string, FigureValue>, QuotedFigures>>();

/** `figures` (a product's, content/products) resolved at `site.now` and formatted for `site`'s edition. */
export function quotedFigures(site: Site, figures: Record<string, FigureValue>): QuotedFigures {
  let byFigures = quoted.get(site);
  if (!byFigures) quoted.set(site, (byFigures = new Map()));
  const known = byFigures.get(figures);
  if (known) return known;
  const { edition } = site;
  const format = { lang: edition.htmlLang, region: edition.region, currency: edition.currency, t: site.t };
  const resolved = resolveFigures(figures, site.schedule, edition.region, site.now);
  const result = { ...resolved, params: figureParams(resolved.current, format), past: figureParams(resolved.passed, format) };
  byFigures.set(figures, result);
  return result;
}
