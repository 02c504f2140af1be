import { useSite } from '../context/react';

/** The localized not-found page: links to this edition's home and the region chooser. */
export function NotFoundPage() {
  const { t, href } = useSite();
  return (
    <section className="page-intro error-page">
      <h1>{t('head.not-found.heading')}</h1>
      <p className="lede">{t('head.not-found.lede')}</p>
      <p className="actions">
        <a className="button primary" href={href('/')}>
          {t('common.notFound.home')}
        </a>{' '}
        <a className="button" href={href('/choose-your-region')}>
          {t('common.notFound.chooser')}
        </a>
      </p>
    </section>
  );
}

/** The localized error page: no detail of what failed ever reaches the visitor. */
export function ServerErrorPage() {
  const { t, href } = useSite();
  return (
    <section className="page-intro error-page">
      <h1>{t('head.server-error.heading')}</h1>
      <p className="lede">{t('head.server-error.lede')}</p>
      <p className="actions">
        <a className="button primary" href={href('/')}>
          {t('common.notFound.home')}
        </a>
      </p>
    </section>
  );
}

/** A short message in place of a page: its heading and text, and the way home. */
export function NoticePage({ entry }: { entry: string }) {
  const { t, href } = useSite();
  return (
    <section className="page-intro error-page" data-notice={entry}>
      <h1>{t(`head.${entry}.heading`)}</h1>
      <p className="lede">{t(`head.${entry}.lede`)}</p>
      <p className="actions">
        <a className="button primary" href={href('/')}>
          {t('common.notFound.home')}
        </a>
      </p>
    </section>
  );
}
