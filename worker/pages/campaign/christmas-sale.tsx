import { CAMPAIGN_TERMS, CHRISTMAS_SALE } from '../../../content/campaigns';
import { tileImage } from '../../../content/catalogue';
import { currentPrice } from '../../../kernel/offers';
import { useSite } from '../../context/react';
import { loginHref } from '../account/links';
import { MembersOnly } from '../parts/members-only';
import { CampaignBanner } from './sections/banner';
import { Benefits } from './sections/benefits';
import { CountdownSlot } from './sections/countdown';
import { miniPictureSrc } from './sections/item';
import { MembersOnlyOffers, MembersPreview } from './sections/members-only';
import { Terms } from './sections/terms';
import { withEntry } from '../../../content/products';
import { bestPercent, itemView, momentOf, nextLabel, rangeText, termDate } from './view';
import { ForName } from '../parts/for-name';
import { Art } from '../parts/art';
import { cardSizes, gridAttributes } from '../parts/grid';

const NS = 'christmas-sale';

/**
 * The Christmas sale of an edition: banner, benefits, a countdown to the sale's end, the
 * members-only offers (`#members-only-offers`: hidden offers for the members-only part, and
 * for everyone a summary of what members get with a log-in link), the gift guide, the tiered
 * rewards (the region's free gifts by spend) and the terms.
 */
export function ChristmasSalePage() {
  const site = useSite();
  const { t, edition } = site;
  const data = CHRISTMAS_SALE[edition.region]!;
  const terms = CAMPAIGN_TERMS[edition.region]!;
  const moment = momentOf(site, 'christmas-sale');
  const revealed = moment.stage >= 1;
  const members = data.membersOnly.flatMap((item) => {
    const offer = site.bundle.offers[item.key];
    return offer ? [itemView(site, item, offer, revealed, moment.thresholds[0])] : [];
  });
  const best = bestPercent(
    site,
    data.membersOnly.map((item) => ({ item, from: moment.thresholds[0] })),
  );
  // The gifts the edition sells, each with its offer: their number sets the guide's grid.
  const gifts = data.giftGuide.flatMap((gift) => {
    const offer = site.bundle.offers[gift.key];
    return offer ? [{ ...gift, offer }] : [];
  });
  const title = t(`${NS}.banner.title`);
  const returns = termDate(site, 'returns');
  const range = rangeText(edition, moment.start, moment.end);
  return (
    <article className="campaign" data-campaign={NS} data-stage={moment.stage}>
      <CampaignBanner
        image="/images/campaigns/christmas-sale.svg"
        bgAlt={t(`${NS}.banner.bgAlt`)}
        title={title}
        // Where no reduction may be announced (a lower price came in the 30 days before), the members' prices are.
        discount={best > 0 ? t(`${NS}.banner.discount`, { percent: best }) : t('legal.price.memberPrices')}
        time={{ text: range, start: moment.start }}
        productUrl="#gift-guide"
        productLabel={t(`${NS}.banner.cta`)}
      />
      <Benefits
        benefits={returns ? data.benefits : data.benefits.filter((b) => b.key !== 'returns')}
        params={{
          days: terms.priceGuaranteeDays,
          years: terms.warrantyYears,
          hours: terms.supportReplyHours,
          months: terms.instalmentMonths ?? 0,
          percent: terms.welcomeDiscountPercent ?? 0,
          date: returns?.text ?? '',
          amount: site.price(Math.min(...terms.gifts.map((g) => g.over))),
        }}
      />
      {moment.next !== undefined ? (
        <div className="campaign-section">
          <CountdownSlot target={moment.next} label={nextLabel(site, moment, () => title, title)} />
        </div>
      ) : null}
      <section id="members-only-offers" className="campaign-section" aria-labelledby="members-heading">
        <h2 id="members-heading">{t(`${NS}.membersOnly.heading`)}</h2>
        <p>{t(`${NS}.membersOnly.intro`)}</p>
        <MembersPreview items={members} />
        <MembersOnly loginHref={loginHref(site, site.href(`/${site.slug}`))}>
          <MembersOnlyOffers items={members} />
        </MembersOnly>
      </section>
      <section id="gift-guide" className="campaign-section" aria-labelledby="gift-guide-heading" data-slot="gift-guide">
        <h2 id="gift-guide-heading">{t(`${NS}.giftGuide.heading`)}</h2>
        <p>{t(`${NS}.giftGuide.intro`)}</p>
        <ul className="gift-guide" {...gridAttributes(gifts.length)}>
          {gifts.map(({ key, for: who, offer }) => {
            const price = currentPrice(offer, site.stage);
            const name = t(`campaign.products.${key}.name`);
            return (
              <li key={key} data-guide={key}>
                <Art
                  src={tileImage(key)}
                  alt={t('campaign.item.imageAlt', { name })}
                  width={480}
                  height={360}
                  sizes={cardSizes(gifts.length, { phone: '100vw' })}
                />
                <p className="guide-for">{t(`${NS}.giftGuide.for.${who}`)}</p>
                <h3>{name}</h3>
                <p>{t(`campaign.products.${key}.describe`)}</p>
                {price !== undefined ? <p data-price="">{site.price(price)}</p> : null}
                <a className="button" href={site.href(withEntry(offer.link))}>
                  {t('common.labels.learnMore')}
                  <ForName name={name} />
                </a>
              </li>
            );
          })}
        </ul>
      </section>
      <section id="rewards" className="campaign-section" aria-labelledby="rewards-heading">
        <h2 id="rewards-heading">{t(`${NS}.rewards.heading`)}</h2>
        <p>{t(`${NS}.rewards.intro`)}</p>
        {range ? <p data-gift-window="">{t('campaign.terms.giftWindow', { range })}</p> : null}
        <ol className="reward-tiers">
          {terms.gifts.map((g, i) => (
            <li key={g.gift} data-tier={i + 1}>
              {g.picture ? <Art src={miniPictureSrc(g.picture)} alt="" width={48} height={48} sizes="48px" /> : null}
              <strong>{t(`${NS}.rewards.tier`, { n: i + 1 })}</strong>{' '}
              {t('campaign.terms.gift', { amount: site.price(g.over), gift: t(`campaign.gifts.${g.gift}`) })}
            </li>
          ))}
          {terms.welcomeDiscountPercent ? (
            <li data-tier="welcome">
              <Art src={miniPictureSrc('discount')} alt="" width={48} height={48} sizes="48px" />{' '}
              {t('campaign.terms.welcome', { percent: terms.welcomeDiscountPercent })}
            </li>
          ) : null}
        </ol>
      </section>
      <Terms terms={terms} giftRange={range} keys={['priceGuarantee', 'warranty', 'delivery', 'support', 'gifts', 'returns', 'instalments', 'welcome']} />
    </article>
  );
}
