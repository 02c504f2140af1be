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
