import { DEALERS, officialStore, STORE_GROUPS } from '../../../../content/support/dealers';
import type { Region } from '../../../../content/editions';
import type { SectionProps } from './types';
import { Band } from '../../parts/sections';
import { gridAttributes } from '../../parts/grid';

/** Authorized dealers: logo, name linking to the dealer, and any store addresses. */
export function Dealers({ section, view }: SectionProps<'dealers'>) {
  const region: Region = view.site.edition.region;
  const list = section.list === 'hk' ? DEALERS.hk : region in DEALERS ? DEALERS[region as keyof typeof DEALERS] : [];
  if (list.length === 0) return null;
  return (
    <Band heading={view.copy('support.whereToBuy.dealersHeading')}>
      <ul className="cards dealers" {...gridAttributes(list.length)}>
        {list.map((d) => (
          <li key={d.title} className="card" data-dealer={d.img}>
            <img
              src={`/images/support/dealers/${d.img}.svg`}
              alt={view.copy('support.whereToBuy.logoAlt', { name: d.title })}
              width="240"
              height="64"
              loading="lazy"
            />
            <h3>
              <a href={d.link} rel="noopener">
                {d.title}
              </a>
            </h3>
            {d.address ? (
              <ul className="dealer-addresses">
                {[d.address].flat().map((line) => (
                  <li key={line}>
                    <address>{line}</address>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{view.copy('support.whereToBuy.online')}</p>
            )}
          </li>
        ))}
      </ul>
    </Band>
  );
}

/** Hong Kong and Macau stores, by district. */
export function StoreGroups({ view }: SectionProps<'storeGroups'>) {
  return (
    <Band heading={view.copy('support.whereToBuy.storesHeading')}>
      <div className="cards" {...gridAttributes(STORE_GROUPS.length)}>
        {STORE_GROUPS.map((g) => (
          <section key={g.key} className="card" data-store-group={g.key}>
            <h3>{view.copy(`support.whereToBuy.groups.${g.key}`)}</h3>
            <ul className="dealer-addresses">
              {g.addresses.map((line) => (
                <li key={line}>
                  <address>{line}</address>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Band>
  );
}

/** The closing call: shop at the official store of this edition. */
export function Shop({ view }: SectionProps<'shop'>) {
  return (
    <Band variant="cta" heading={view.copy('support.whereToBuy.shop.heading')} data-official-store="">
      <p>{view.copy('support.whereToBuy.shop.describe')}</p>
      <a className="button primary" href={officialStore(view.site.edition.region)}>
        {view.copy('support.whereToBuy.shop.button')}
      </a>
    </Band>
  );
}
