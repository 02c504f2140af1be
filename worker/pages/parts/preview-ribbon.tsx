import { formatInstant } from '../../../kernel/format';
import { useSite } from '../../context/react';

/**
 * The preview ribbon (docs/decisions/0029): while a preview moment is in force, every page
 * says so at its top — the moment, in the edition's language and time zone, and a link back
 * to the real clock that stays on the same page. A previewed page is never cached
 * (render-cache/key.ts `planFor`, and `private` in respond.tsx), so the ribbon never outlives the preview.
 */
export function PreviewRibbon() {
  const { previewing, now, edition, t, url } = useSite();
  if (!previewing) return null;
  const back = `/__preview?at=clear&next=${encodeURIComponent(url.pathname + url.search)}`;
  return (
    <div className="preview-ribbon" role="region" aria-label={t('common.preview.label')} data-preview-ribbon="">
      <p>
        <span className="preview-ribbon-dot" aria-hidden="true" />
        <span data-preview-moment={new Date(now).toISOString()}>{t('common.preview.ribbon', { moment: formatInstant(now, edition, true) })}</span>
        <span aria-hidden="true"> · </span>
        <a href={back} data-preview-clear="">
          {t('common.preview.back')}
        </a>
      </p>
    </div>
  );
}
