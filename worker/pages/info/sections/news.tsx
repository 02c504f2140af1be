import { NEWS, newsSlug } from '../../../../content/support/news';
import type { SectionProps } from './types';
import { Band } from '../../parts/sections';

/**
 * Every news article, newest first: date, picture, heading linking to its page, summary. An
 * article is a record of its day (`data-record`): its words are as published, not dated
 * words of the schedule (docs/decisions/0029).
 */
export function NewsList({ view }: SectionProps<'newsList'>) {
  return (
    <Band heading={view.copy('news.listHeading')} headingHidden>
      <ul className="news-list">
        {NEWS.map((a) => (
          <li key={a.slug} data-article={a.slug}>
            <article data-record="">
              <img src={a.img} alt="" width="320" height="200" loading="lazy" />
              <div>
                <time dateTime={a.date}>{view.day(a.date)}</time>
                <h3>
                  <a href={view.href(newsSlug(a))}>{view.site.t(`head.${newsSlug(a)}.heading`)}</a>
                </h3>
                <p>{view.copy(`news.articles.${a.key}.summary`)}</p>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </Band>
  );
}

/** One article's text, its picture, and the way back to the list. */
export function Article({ section, view }: SectionProps<'article'>) {
  const a = NEWS.find((n) => n.slug === section.article)!;
  return (
    <section className="band news-article" data-article={a.slug} data-record="">
      <img src={a.img} alt={view.copy(`news.articles.${a.key}.alt`)} width="640" height="400" />
      {view.list(`news.articles.${a.key}.body`).map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p>
        <a href={view.href('news')}>{view.copy('news.back')}</a>
      </p>
    </section>
  );
}
