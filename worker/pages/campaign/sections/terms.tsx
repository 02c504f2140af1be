import type { CampaignTerms } from '../../../../content/schema/campaign';
import type { Site } from '../../../context/site';
import { useSite } from '../../../context/react';
import { formatList } from '../../../../kernel/format';
import { termDate } from '../view';

/** Which terms a campaign quotes. */
type TermKey = 'priceGuarantee' | 'warranty' | 'delivery' | 'support' | 'gifts' | 'firstCustomers' | 'returns' | 'draw' | 'instalments' | 'welcome';

/**
 * The terms' lines with the region's figures (docs/spec/content.md §9, "Campaign terms") and
 * the schedule's dated words; a line whose date has passed is left out. `giftRange` is when
 * the free gifts apply (the campaign's page window).
 */
function termsLines(site: Site, terms: CampaignTerms, keys: readonly TermKey[], giftRange: string): [string, string][] {
  const { t, edition } = site;
  const list = (items: string[], join?: 'and' | 'or') => formatList(items, edition.htmlLang, join);
  const lines: [string, string][] = [];
  for (const key of keys) {
    switch (key) {
      case 'priceGuarantee':
        lines.push([key, t('campaign.terms.priceGuarantee', { days: terms.priceGuaranteeDays })]);
        break;
      case 'warranty':
        lines.push([key, t('campaign.terms.warranty', { years: terms.warrantyYears })]);
        break;
      case 'delivery':
        lines.push([key, t('campaign.terms.delivery', { min: terms.deliveryDelayDays[0], max: terms.deliveryDelayDays[1] })]);
        break;
      case 'support':
        lines.push([key, t('campaign.terms.support', { hours: terms.supportReplyHours })]);
        break;
      case 'gifts':
        for (const g of terms.gifts)
          lines.push([`gift-${g.gift}`, t('campaign.terms.gift', { amount: site.price(g.over), gift: t(`campaign.gifts.${g.gift}`) })]);
        if (giftRange) lines.push(['gift-window', t('campaign.terms.giftWindow', { range: giftRange })]);
        break;
      case 'firstCustomers': {
        const day = termDate(site, 'first-customers');
        if (day) {
          lines.push([
            key,
            t('campaign.terms.firstCustomers', {
              counts: list(terms.firstCustomers.counts.map(String), 'or'),
              day: day.dayMonth,
              gift: t(`campaign.gifts.${terms.firstCustomers.gift}`),
            }),
          ]);
        }
        break;
      }
      case 'returns': {
        const date = termDate(site, 'returns');
        if (date) lines.push([key, t('campaign.terms.returns', { date: date.text })]);
        break;
      }
      case 'draw': {
        const date = termDate(site, 'draw-results');
        if (date) lines.push([key, t('campaign.terms.draw', { date: date.text })]);
        break;
      }
      case 'instalments':
        if (terms.instalmentMonths) lines.push([key, t('campaign.terms.instalments', { n: terms.instalmentMonths })]);
        break;
      case 'welcome':
        if (terms.welcomeDiscountPercent) lines.push([key, t('campaign.terms.welcome', { percent: terms.welcomeDiscountPercent })]);
        break;
    }
  }
  return lines;
}

/** The terms section: every figure of the region's campaign terms that the campaign quotes, and its dated words while they hold. */
export function Terms({
  terms,
  keys,
  lead = [],
  giftRange = '',
}: {
  terms: CampaignTerms;
  keys: readonly TermKey[];
  lead?: [string, string][];
  giftRange?: string;
}) {
  const site = useSite();
  return (
    <section id="terms" className="campaign-section campaign-terms" aria-labelledby="terms-heading">
      <h2 id="terms-heading">{site.t('campaign.terms.heading')}</h2>
      <ul>
        {[...lead, ...termsLines(site, terms, keys, giftRange)].map(([key, text]) => (
          <li key={key} data-term={key}>
            {text}
          </li>
        ))}
      </ul>
    </section>
  );
}
