import { BLACK_FRIDAY, CAMPAIGN_TERMS } from '../../../content/campaigns';
import { useSite } from '../../context/react';
import { CampaignBanner } from './sections/banner';
import { Benefits } from './sections/benefits';
import { CountdownSlot } from './sections/countdown';
import { CampaignItemCard, dealGrid } from './sections/item';
import { LuckyDraw } from './sections/lucky-draw';
import { Terms } from './sections/terms';
import { CampaignTimeline } from './sections/timeline';
import { withEntry } from '../../../content/products';
import { bestPercent, itemView, momentOf, nextLabel, rangeText, termDate } from './view';

const NS = 'black-friday';

/**
 * The Black Friday page of an edition: banner, benefits, the three-stage timeline with the
 * current stage marked and a countdown to the next boundary, the product groups (`#special-offers`)
 * with "??" and "unlock soon" for stages not reached, the prize draw (`#lucky-draw`) and the
 * terms. Every date comes from the schedule at the request's effective now.
 */
export function BlackFridayPage() {
  const site = useSite();
  const { t, edition } = site;
  const data = BLACK_FRIDAY[edition.region]!;
  const terms = CAMPAIGN_TERMS[edition.region]!;
  const moment = momentOf(site, 'black-friday');
  const stageTitle = (n: number) => t(`${NS}.stages.${n}`);
  const groups = data.groups.map((group) => {
    const revealed = moment.stage >= group.stage;
    const unlocksAt = moment.thresholds[group.stage - 1];
    const items = group.list.flatMap((item) => {
      const offer = site.bundle.offers[item.key];
      return offer ? [itemView(site, item, offer, revealed, unlocksAt)] : [];
    });
    return { group, revealed, unlocksAt, items };
  });
  // The banner's "up to": the best of the deals' announced reductions, each from its own reference.
  const best = bestPercent(
    site,
    data.groups.flatMap((g) => g.list.map((item) => ({ item, from: moment.thresholds[g.stage - 1] }))),
  );
  const bannerOffer = site.bundle.offers[data.banner.product];
  const stages = moment.thresholds.map((start, i) => ({ n: i + 1, title: stageTitle(i + 1), start }));
  const returns = termDate(site, 'returns');
  const range = rangeText(edition, moment.start, moment.end);
  return (
    <article className="campaign" data-campaign={NS} data-stage={moment.stage}>
      <CampaignBanner
        image="/images/campaigns/black-friday.svg"
        bgAlt={t(`${NS}.banner.bgAlt`)}
        title={t(`${NS}.banner.title`)}
        discount={best > 0 ? t(`${NS}.banner.discount`, { percent: best }) : ''}
        time={{ text: range, start: moment.start }}
        productUrl={bannerOffer ? site.href(withEntry(bannerOffer.link)) : undefined}
        productLabel={t(`${NS}.banner.product`, { name: t(`campaign.products.${data.banner.product}.name`) })}
        stages={stages.map((s) => ({ n: s.n, name: s.title, current: s.n === moment.stage }))}
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
      <section id="timeline" className="campaign-section" aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">{t('campaign.timeline.heading')}</h2>
        <CampaignTimeline stages={stages} current={moment.stage} />
        {moment.next !== undefined ? <CountdownSlot target={moment.next} label={nextLabel(site, moment, stageTitle, t(`${NS}.banner.title`))} /> : null}
      </section>
      <section id="special-offers" className="campaign-section" aria-labelledby="special-offers-heading">
        <h2 id="special-offers-heading">{t(`${NS}.specialOffers.heading`)}</h2>
        <p>{t(`${NS}.specialOffers.intro`)}</p>
        {groups.map(({ group, revealed, unlocksAt, items }) => (
          <section
            key={group.id}
            id={group.id}
            className="campaign-group"
            data-group={group.id}
            data-stage={group.stage}
            data-locked={revealed ? 'false' : 'true'}
            aria-labelledby={`${group.id}-title`}
          >
            <p className="group-label">{t(`${NS}.groups.${group.id}.label`)}</p>
            <h3 id={`${group.id}-title`}>{t(`${NS}.groups.${group.id}.title`)}</h3>
            <p>{t(`${NS}.groups.${group.id}.content`)}</p>
            {!revealed && unlocksAt !== undefined ? (
              <CountdownSlot target={unlocksAt} label={t('campaign.countdown.startsIn', { name: stageTitle(group.stage) })} />
            ) : null}
            <ul className="campaign-items" {...dealGrid(items.length)}>
              {items.map((item) => (
                <CampaignItemCard key={item.key} item={item} count={items.length} />
              ))}
            </ul>
          </section>
        ))}
      </section>
      <LuckyDraw namespace={NS} resultsBefore={termDate(site, 'draw-results')?.text} sizes={sizesText(edition.htmlLang, terms.tshirtSizes)} />
      <Terms
        terms={terms}
        giftRange={range}
        keys={['priceGuarantee', 'warranty', 'delivery', 'support', 'gifts', 'firstCustomers', 'returns', 'draw', 'instalments', 'welcome']}
      />
    </article>
  );
}

/** "XL–XXXL": the first and last size of the region's range. */
function sizesText(_lang: string, sizes: readonly string[]): string {
  return sizes.length > 1 ? `${sizes[0]}–${sizes[sizes.length - 1]}` : (sizes[0] ?? '');
}
