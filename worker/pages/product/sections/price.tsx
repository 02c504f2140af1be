import { offersFor, PRICE_FIGURES } from '../../../../content/catalogue';
import { SHOPS } from '../../../../content/links';
import { useSite } from '../../../context/react';
import { Instalment, instalmentUnder, Offers } from './offers';
import type { SectionProps } from './types';
import { Band } from '../../parts/sections';

/**
 * The price block: the catalogue's price points (standard, limited = the offer's own price,
 * presale), each offer with its price, payment note, instalment example and buy button,
 * and, on the editions it names, the regional stores that sell it.
 */
export function PriceSection({ section, view }: SectionProps<'price'>) {
  const site = useSite();
  const { region } = site.edition;
  const c = section.copy;
  const main = section.offers[0]!;
  const figures = PRICE_FIGURES[region]?.[main];
  const amount = (point: 'standard' | 'limited' | 'presale') => (point === 'limited' ? site.bundle.offers[main]?.price : figures?.[point]);
  const points = (section.points ?? []).flatMap((point) => {
    const value = amount(point);
    return value === undefined ? [] : [{ point, value }];
  });
  const body = view.copy(`${c}.body`);
  const stores = section.stores?.includes(region) ? section.stores : [];
  return (
    <Band id={section.id} variant="price-section" heading={view.copy(`${c}.heading`)}>
      {body ? <p>{body}</p> : null}
      {points.length > 0 ? (
        <dl className="price-points" data-price-points="">
          {points.map(({ point, value }) => (
            <div key={point} data-point={point}>
              <dt>{view.copy(`${c}.points.${point}`)}</dt>
              <dd>
                {site.price(value)}
                {point !== 'limited' && instalmentUnder(region, main, value) ? (
                  <>
                    <br />
                    <Instalment product={main} view={view} />
                  </>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <Offers products={section.offers} view={view} sign={section.sign} />
      {stores.length > 0 ? (
        <div className="store-links">
          <h3>{site.t('product.stores.heading')}</h3>
          <ul>
            {stores.map((r) => (
              <li key={r}>
                <a href={offersFor(r)[main]?.buy ?? SHOPS[r]} rel="noopener" data-store={r}>
                  {site.t(`product.stores.${r}`)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Band>
  );
}
