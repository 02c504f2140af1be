import { useSite } from '../../context/react';

/**
 * What tells one of several like links or buttons apart for a screen reader ("Buy Now: K1"),
 * read only, never shown. The separator is the language's own (`common.labels.forName`):
 * a full-width colon in Japanese and Chinese, a narrow no-break space before it in French.
 */
export function ForName({ name }: { name: string }) {
  const { t } = useSite();
  return <span className="visually-hidden">{t('common.labels.forName', { name })}</span>;
}
