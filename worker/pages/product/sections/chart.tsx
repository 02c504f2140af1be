import { buyState, currentPrice } from '../../../../kernel/offers';
import { useSite } from '../../../context/react';
import { BuyButton, Price } from '../../parts/offer';
import { Unpublished } from './offers';
import type { SectionProps } from './types';
import { Band } from '../../parts/sections';

/** A comparison chart of products: name, price (Out of Stock when sold out) and buy button, by the catalogue's rule. */
export function Chart({ section, view }: SectionProps<'chart'>) {
  const site = useSite();
  const c = section.copy;
  const rows = section.products.flatMap((key) => {
    const offer = site.bundle.offers[key];
    return offer ? [{ key, offer, name: site.t(`product.names.${key}`) }] : [];
  });
  return (
    <Band id={section.id} heading={view.copy(`${c}.heading`)}>
      <div className="table-scroll" role="region" aria-label={view.copy(`${c}.heading`)} tabIndex={0}>
        <table className="specs chart" data-chart="">
          <thead>
            <tr>
              <th scope="col">{site.t('product.chart.product')}</th>
              <th scope="col">{site.t('product.chart.price')}</th>
              <th scope="col">
                <span className="visually-hidden">{site.t('product.chart.buy')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ key, offer, name }) => (
              <tr key={key} data-chart-row={key}>
                <th scope="row">{name}</th>
                <td>
                  {buyState(offer) === 'soldOut' ? (
                    <span className="out-of-stock" data-stock="out">
                      {site.t('product.price.outOfStock')}
                    </span>
                  ) : currentPrice(offer, site.stage) === undefined ? (
                    <Unpublished />
                  ) : (
                    <Price offer={offer} />
                  )}
                </td>
                <td>
                  <BuyButton offer={offer} name={name} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Band>
  );
}
