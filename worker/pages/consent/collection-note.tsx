import { useSite } from '../../context/react';
import { NOTICE_SLUG } from './parts';

/**
 * The line at a point of collection (decision 0033): what the address or the form is used
 * for, in the edition's language, and a link to the edition's own privacy notice. The
 * newsletter forms, the lucky draw and the support forms each say their own purpose.
 */
export function CollectionNote({ purpose, className = 'collection-note' }: { purpose: 'subscribe' | 'draw' | 'support'; className?: string }) {
  const { t, href } = useSite();
  return (
    <p className={className}>
      {t(`privacy.notice.${purpose}Note`)} <a href={href(`/${NOTICE_SLUG}`)}>{t('privacy.consent.privacyLink')}</a>
    </p>
  );
}
