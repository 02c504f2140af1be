import { useSite } from '../../../context/react';
import type { ItemView } from '../view';
import { CountdownSlot } from './countdown';
import { ForName } from '../../parts/for-name';
import { Art } from '../../parts/art';
import { StruckPrice, TaxLabel } from '../../parts/offer';
import { cardSizes, gridAttributes, type Across } from '../../parts/grid';

/** A deal lies across, its picture beside its words, alone from a tablet up and either of two on a desktop. */
const DEALS_ACROSS: Across = 'alone-or-pair';

/** The layout attributes of a list of `count` deals (worker/pages/parts/grid.ts). */
export const dealGrid = (count: number) => gridAttributes(count, { across: DEALS_ACROSS });

/**
 * `sizes` of a deal's picture among `count` deals: the card's share of the grid, 24rem where the
 * deal lies across beside its words, 7rem beside its name on a phone (client/styles/campaign.css).
 */
export const dealSizes = (count: number) => cardSizes(count, { phone: '112px', across: DEALS_ACROSS });

/** Image of a mini picture, by kind. */
export const miniPictureSrc = (picture: string) => `/images/campaigns/${picture.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.svg`;

/**
 * One campaign item with every field of docs/spec/content.md §3: name, description, picture and
 * alt, identify label, sale and original price ("??" before its stage), savings label,
 * discount, instalment text, payment methods, extended warranty, the gift's mini picture,
 * and the buy and learn-more links (or "unlock soon" and a countdown before its stage).
 */
export function CampaignItemCard({ item, count, countdownLabel, level = 4 }: { item: ItemView; count: number; countdownLabel?: string; level?: 3 | 4 }) {
  const { t } = useSite();
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <li className="campaign-item" data-item={item.key} data-locked={item.locked ? 'true' : 'false'}>
      {item.identify ? (
        <span className="identify" data-identify-label="">
          {item.identify}
        </span>
      ) : null}
      <Art src={item.image} alt={item.alt} width={480} height={360} sizes={dealSizes(count)} />
      <Heading>{item.name}</Heading>
      <p className="describe">{item.describe}</p>
      <p className="price">
        <span className="visually-hidden">{t('common.labels.salePrice')}</span>
        <span className="sale" data-activity-price="">
          {item.activityPriceText}
        </span>
        {item.locked ? null : <TaxLabel />}
        {item.signPrice !== undefined ? (
          <>
            {' '}
            <StruckPrice price={item.signPrice} Tag="s" />
          </>
        ) : item.signPriceText ? (
          <>
            {' '}
            <span className="visually-hidden">{t('common.labels.listPrice')}</span>
            <s data-sign-price="">{item.signPriceText}</s>
          </>
        ) : null}
      </p>
      {/* A saving is said only where the deal may show what it is reduced from (docs/decisions/0056). */}
      {item.save ? (
        <p className="save">
          <span data-save="">{item.save}</span> · <span data-discount="">{item.discount}</span>
        </p>
      ) : null}
      {/* The deal's terms and its gift, one short list in small type: not four loose lines under the price. */}
      <ul className="deal-terms">
        {item.installment ? <li data-installment="">{item.installment}</li> : null}
        {item.paymentMethods ? <li data-payment="">{item.paymentMethods}</li> : null}
        <li data-warranty="">{item.extendedWarranty}</li>
        {item.miniPicture ? (
          <li className="mini-picture" data-mini-picture={item.miniPicture.picture}>
            <Art src={miniPictureSrc(item.miniPicture.picture)} alt="" width={32} height={32} sizes="32px" /> {item.miniPicture.alt}
          </li>
        ) : null}
      </ul>
      {item.locked ? (
        <>
          <p className="unlock-soon" data-unlock-soon="">
            {t('common.labels.unlockSoon')}
          </p>
          {item.unlocksAt !== undefined && countdownLabel ? <CountdownSlot target={item.unlocksAt} label={countdownLabel} /> : null}
        </>
      ) : null}
      <p className="campaign-item-actions">
        {item.locked ? null : (
          <a className="button primary" href={item.buy} rel="noopener" data-buy="">
            {t('common.labels.buy')}
            <ForName name={item.name} />
          </a>
        )}{' '}
        {item.learnMore ? (
          <a className="button" href={item.learnMore} data-learn-more="">
            {t('common.labels.learnMore')}
            <ForName name={item.name} />
          </a>
        ) : null}
      </p>
    </li>
  );
}
