import { useSite } from '../../context/react';
import { SETTINGS_SLUG } from './parts';

/** The notice's sections, in the order a reader asks: who, what, why, how long, rights, contact. */
const SECTIONS = ['what', 'why', 'keep', 'rights', 'contact'] as const;

/**
 * The short privacy notice of an edition, in its language (decision 0033): linked from the
 * consent banner, the footer and every point of collection, and linking the edition's full
 * privacy policy in the same language (docs/decisions/0056).
 */
export function PrivacyNoticePage() {
  const { t, href } = useSite();
  const n = (key: string) => t(`privacy.notice.${key}`);
  return (
    <article className="page-intro privacy-notice">
      <h1>{t('head.privacy.heading')}</h1>
      <p className="lede">{n('who')}</p>
      {SECTIONS.map((section) => (
        <section key={section}>
          <h2>{n(`${section}Title`)}</h2>
          <p>{n(section)}</p>
        </section>
      ))}
      <p>
        <a href={href(`/${SETTINGS_SLUG}`)}>{t('privacy.consent.footerLink')}</a>
        {' · '}
        <a href={href('/privacy-policy')}>{n('policyLink')}</a>
      </p>
    </article>
  );
}
