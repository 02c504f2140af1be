import { REGION_OPTIONS } from '../../content/chooser';
import { useSite } from '../context/react';

/** The region chooser: ten options, each a link that stores the choice and goes there. */
export function ChooserPage() {
  const site = useSite();
  const { t } = site;
  const href = (region: string, country?: string) => {
    const query = new URLSearchParams({ to: region, ...(country ? { country } : {}) });
    const path = `/region-select?${query.toString()}`;
    // The China site's chooser sends global choices to the global origin, and back.
    return site.edition.region === 'cn' && region !== 'cn' ? `${site.origins.global}${path}` : path;
  };
  return (
    <section className="page-intro chooser">
      <h1>{t('head.choose-your-region.heading')}</h1>
      <p className="lede">{t('head.choose-your-region.lede')}</p>
      <ul className="region-options">
        {REGION_OPTIONS.map((option) => {
          const current = option.region === site.edition.region && option.label === site.regionLabel;
          return (
            <li key={option.label}>
              <a
                href={href(option.region, option.country)}
                lang={option.region === 'cn' ? 'zh-CN' : undefined}
                data-option={`${option.region}-${option.country ?? ''}`}
                // Last, where the render cache's stitching puts it for a visitor whose label differs (./visitor.ts).
                aria-current={current ? 'true' : undefined}
              >
                {option.label}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
