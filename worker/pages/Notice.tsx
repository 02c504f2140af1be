import { useSite } from '../context/react';

/** Messages a visitor gets in place of a page; each one's heading and text are `head.<entry>`. */
export type Notice = 'not-found' | 'server-error' | 'preview-expired' | 'preview-invalid' | 'preview-bad-date' | 'preview-other-host' | 'preview-bad-signature';

/**
 * A short localized message in place of a page: its heading and text, and the way home; a
 * page not found also points to the region chooser, as the page may exist in another
 * edition. No detail of what failed ever reaches the visitor.
 */
export function NoticePage({ entry }: { entry: Notice }) {
  const { t, href } = useSite();
  return (
    <section className="page-intro error-page" data-notice={entry}>
      <h1>{t(`head.${entry}.heading`)}</h1>
      <p className="lede">{t(`head.${entry}.lede`)}</p>
      <p className="actions">
        <a className="button primary" href={href('/')}>
          {t('common.notFound.home')}
        </a>
        {entry === 'not-found' ? (
          <>
            {' '}
            <a className="button" href={href('/choose-your-region')}>
              {t('common.notFound.chooser')}
            </a>
          </>
        ) : null}
      </p>
    </section>
  );
}
