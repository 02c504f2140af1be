import type { InfoPage } from '../../../content/schema/support';
import { NEWS } from '../../../content/support/news';
import { useSite } from '../../context/react';
import { SectionList } from '../parts/sections';
import { INFO_SECTIONS } from './sections';
import { infoView } from './view';

/**
 * Every support and information page: its heading and introduction (`head.<slug>`; a news
 * article's date), then its sections in order, each by the shared component of its kind.
 */
export function InfoPageView({ page }: { page: InfoPage }) {
  const site = useSite();
  const view = infoView(site, page);
  const article = page.sections[0]?.kind === 'article' ? NEWS.find((a) => `news/${a.slug}` === page.slug) : undefined;
  return (
    <article className="info-page" data-page={page.slug}>
      <header className="page-intro">
        <h1>{site.t(`head.${page.slug}.heading`)}</h1>
        {article ? (
          <p className="lede">
            <time dateTime={article.date}>{view.day(article.date)}</time>
          </p>
        ) : (
          <p className="lede">{view.copy(`head.${page.slug}.lede`)}</p>
        )}
      </header>
      {/* A section some markets' law asks for shows only in their editions (content/legal/pages.ts). */}
      <SectionList
        sections={page.sections.filter((s) => !('regions' in s) || !s.regions || s.regions.includes(site.edition.region))}
        view={view}
        components={INFO_SECTIONS}
      />
    </article>
  );
}
