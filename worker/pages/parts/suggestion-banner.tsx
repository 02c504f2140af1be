import { EDITIONS, type Region } from '../../../content/editions';
import { useSite } from '../../context/react';
import { editionUrl } from '../../edition/paths';

/** Country names per page language, built once per isolate (constructing one is the costly part). */
const COUNTRY_NAMES = new Map<string, Intl.DisplayNames>();

function countryName(lang: string, country: string): string {
  let names = COUNTRY_NAMES.get(lang);
  if (!names) COUNTRY_NAMES.set(lang, (names = new Intl.DisplayNames([lang], { type: 'region' })));
  return names.of(country) ?? country;
}

/** The dismissable "visit your own edition" banner; it works without JavaScript. */
export function SuggestionBanner({ region }: { region: Region }) {
  const site = useSite();
  const { t } = site;
  const label = EDITIONS[region].label;
  const country = site.country ? countryName(site.edition.htmlLang, site.country) : '';
  return (
    <aside className="region-suggestion" aria-label={t('common.suggest.label')} data-suggest={region}>
      <p>{t('common.suggest.text', { country, label })}</p>
      <p className="suggestion-actions">
        <a className="button primary" href={editionUrl(region, '', site.origins)} hrefLang={EDITIONS[region].hreflang}>
          {t('common.suggest.go', { label })}
        </a>
        <a className="button" href={`/region-suggest/dismiss?next=${encodeURIComponent(site.url.pathname)}`}>
          {t('common.suggest.stay')}
        </a>
      </p>
    </aside>
  );
}
