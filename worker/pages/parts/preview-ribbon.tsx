import type { Edition } from '../../../content/editions';
import { useSite } from '../../context/react';

/** Locale for dates: the EU edition writes English dates day first (as the campaign pages do). */
const dateLocale = (edition: Edition) => (edition.region === 'eu' ? 'en-IE' : edition.htmlLang);

/** The previewed moment in the edition's words, with its time zone: "28 Nov 2026, 00:01 CET". */
function previewMoment(edition: Edition, ms: number): string {
  return new Intl.DateTimeFormat(dateLocale(edition), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: edition.timeZone,
  }).format(new Date(ms));
}

/**
 * The preview ribbon (docs/decisions/0029): while a preview moment is in force, every page
 * says so at its top — the moment, in the edition's language and time zone, and a link back
 * to the real clock that stays on the same page. A previewed page is never cached
 * (render-cache.ts `planFor`, and `private` in respond.tsx), so the ribbon never outlives the preview.
 */
export function PreviewRibbon() {
  const { previewing, now, edition, t, url } = useSite();
  if (!previewing) return null;
  const back = `/__preview?at=clear&next=${encodeURIComponent(url.pathname + url.search)}`;
  return (
    <div className="preview-ribbon" role="region" aria-label={t('common.preview.label')} data-preview-ribbon="">
      <p>
        <span className="preview-ribbon-dot" aria-hidden="true" />
        <span data-preview-moment={new Date(now).toISOString()}>{t('common.preview.ribbon', { moment: previewMoment(edition, now) })}</span>
        <span aria-hidden="true"> · </span>
        <a href={back} data-preview-clear="">
          {t('common.preview.back')}
        </a>
      </p>
    </div>
  );
}
