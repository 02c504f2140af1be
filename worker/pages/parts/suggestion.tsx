import { EDITIONS, REGIONS, type Region } from '../../../content/editions';
import { PACKS } from '../../../content/packs';
import { useSite } from '../site';

/** Name of the cookie that records a dismissed region suggestion. */
export const SUGGEST_COOKIE = 'suggest';

/**
 * The edition to suggest to a visitor, if any: their country belongs to another edition,
 * and they have neither chosen a region in the chooser (country cookie) nor dismissed the
 * suggestion. Never a redirect: the visitor decides.
 */
export function suggestedEdition(current: Region, country: string | undefined, chosen: boolean, dismissed: boolean): Region | undefined {
  if (!country || chosen || dismissed || PACKS[current].countries.includes(country)) return undefined;
  return REGIONS.find((r) => PACKS[r].countries.includes(country));
}

/** The dismissable suggestion banner; it works without JavaScript. */
export function SuggestionBanner({ region }: { region: Region }) {
  const site = useSite();
  const { t } = site;
  const label = EDITIONS[region].label;
  const country = site.country ? (new Intl.DisplayNames([site.edition.htmlLang], { type: 'region' }).of(site.country) ?? site.country) : '';
  const target = region === 'cn' ? `${site.origins.cn}/` : `${site.origins.global}/${region}`;
  return (
    <aside className="region-suggestion" aria-label={t('common.suggest.label')} data-suggest={region}>
      <p>{t('common.suggest.text', { country, label })}</p>
      <p className="suggestion-actions">
        <a className="button primary" href={target} hrefLang={EDITIONS[region].hreflang}>
          {t('common.suggest.go', { label })}
        </a>
        <a className="button" href={`/region-suggest/dismiss?next=${encodeURIComponent(site.url.pathname)}`}>
          {t('common.suggest.stay')}
        </a>
      </p>
    </aside>
  );
}
