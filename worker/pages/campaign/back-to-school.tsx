import { BACK_TO_SCHOOL, CAMPAIGN_TERMS } from '../../../content/campaigns';
import { tileImage } from '../../../content/catalogue';
import type { ProductKey } from '../../../content/schema/catalogue';
import { useSite } from '../../context/react';
import { BuyButton } from '../parts/offer';
import { CampaignBanner } from './sections/banner';
import { Benefits } from './sections/benefits';
import { CountdownSlot } from './sections/countdown';
import { Terms } from './sections/terms';
import { withEntry } from '../../../content/products';
import { momentOf, nextLabel, rangeText, termDate } from './view';
import { ForName } from '../parts/for-name';
import { Art } from '../parts/art';
import { dealGrid, dealSizes } from './sections/item';

const NS = 'back-to-school';

/**
 * The US Back to School promotion: "save up to $529 plus an extra 8%", the products whose
 * sale price applies in the current stage with sale and list prices, a countdown to the
 * next boundary, benefits and terms. Its stages are the US promotion stages (schedule).
 */
export function BackToSchoolPage() {
  const site = useSite();
  const { t, edition } = site;
  const data = BACK_TO_SCHOOL[edition.region]!;
  const terms = CAMPAIGN_TERMS[edition.region]!;
  const moment = momentOf(site, 'back-to-school');
  const onSale = (Object.entries(site.bundle.offers) as [ProductKey, NonNullable<(typeof site.bundle.offers)[ProductKey]>][]).filter(
    ([, offer]) => offer.activityPrice !== undefined && offer.price !== undefined && offer.activityStages?.includes(moment.stage),
  );
  const title = t(`${NS}.banner.title`);
  // The sale runs from its first stage to the start of the stage after the last sale stage.
  const saleStart = moment.thresholds[0];
  const saleEnd = moment.thresholds[2];
  const returns = termDate(site, 'returns');
  return (
    <article className="campaign" data-campaign={NS} data-stage={moment.stage}>
      <CampaignBanner
        image="/images/campaigns/back-to-school.svg"
        bgAlt={t(`${NS}.banner.bgAlt`)}
        title={title}
        discount={t(`${NS}.banner.save`, { amount: site.price(data.saveUpTo), percent: data.extraPercent })}
        time={{ text: rangeText(edition, saleStart, saleEnd), start: saleStart }}
        productUrl="#products-on-sale"
        productLabel={t(`${NS}.banner.cta`)}
      />
      <Benefits
        benefits={returns ? data.benefits : data.benefits.filter((b) => b.key !== 'returns')}
        params={{
          days: terms.priceGuaranteeDays,
          years: terms.warrantyYears,
          hours: terms.supportReplyHours,
          months: terms.instalmentMonths ?? 0,
          percent: data.extraPercent,
          date: returns?.text ?? '',
          amount: site.price(data.saveUpTo),
        }}
      />
      {moment.next !== undefined ? (
        <div className="campaign-section">
          <CountdownSlot
            target={moment.next}
            label={moment.next === saleEnd ? t('campaign.countdown.endsIn', { name: title }) : nextLabel(site, moment, (n) => t(`${NS}.stages.${n}`), title)}
          />
        </div>
      ) : null}
      <section id="products-on-sale" className="campaign-section" aria-labelledby="on-sale-heading">
        <h2 id="on-sale-heading">{t(`${NS}.onSale.heading`)}</h2>
        <p>{t(`${NS}.onSale.intro`, { percent: data.extraPercent })}</p>
        <ul className="campaign-items" {...dealGrid(onSale.length)}>
          {onSale.map(([key, offer]) => {
            const name = t(`campaign.products.${key}.name`);
            return (
              <li key={key} className="campaign-item" data-item={key}>
                <Art src={tileImage(key)} alt={t('campaign.item.imageAlt', { name })} width={480} height={360} sizes={dealSizes(onSale.length)} />
                <h3>{name}</h3>
                <p className="describe">{t(`campaign.products.${key}.describe`)}</p>
                <p className="price">
                  <span className="visually-hidden">{t('common.labels.salePrice')}</span>
                  <span className="sale" data-activity-price="">
                    {site.price(offer.activityPrice!)}
                  </span>{' '}
                  <span className="visually-hidden">{t('common.labels.listPrice')}</span>
                  <s data-sign-price="">{site.price(offer.price!)}</s>
                </p>
                <p className="save" data-save="">{t('campaign.item.save', { amount: site.price(offer.price! - offer.activityPrice!) })}</p>
                <p className="campaign-item-actions">
                  <BuyButton offer={offer} product={key} name={name} />{' '}
                  <a className="button" href={site.href(withEntry(offer.link))}>
                    {t('common.labels.learnMore')}
                    <ForName name={name} />
                  </a>
                </p>
              </li>
            );
          })}
        </ul>
      </section>
      <Terms
        terms={terms}
        keys={['priceGuarantee', 'warranty', 'delivery', 'support', 'instalments']}
        lead={[['saveUpTo', t(`${NS}.terms`, { amount: site.price(data.saveUpTo), percent: data.extraPercent })]]}
      />
    </article>
  );
}
