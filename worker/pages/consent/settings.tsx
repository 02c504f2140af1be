import type { ConsentProps } from '../../../client/islands/consent';
import { useSite } from '../../context/react';
import { ConsentIsland, NOTICE_SLUG, SETTINGS_SLUG } from './parts';

/**
 * The cookie settings page (the footer's "Cookie settings"): the categories with what is on
 * now, and the buttons of the banner. Where the edition configures no optional script there
 * is nothing to choose, and the page says so.
 */
export function CookieSettingsPage({ manager }: { manager?: ConsentProps }) {
  const { t, href } = useSite();
  return (
    <section className="page-intro cookie-settings">
      <h1>{t(`head.${SETTINGS_SLUG}.heading`)}</h1>
      <p className="lede">{t('privacy.consent.settingsLede')}</p>
      {manager ? <ConsentIsland {...manager} /> : <p>{t('privacy.consent.nothingOptional')}</p>}
      <p>
        <a href={href(`/${NOTICE_SLUG}`)}>{t('privacy.consent.privacyLink')}</a>
      </p>
    </section>
  );
}

