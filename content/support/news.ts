import { NewsArticle } from '../schema/support';

/**
 * News articles (docs/spec/platform.md §2, "news"), newest first. Each is its own page,
 * `news/<slug>` in every edition (content/pages.ts); its heading and head copy are
 * `head.news/<slug>`, its text `news.articles.<key>`.
 */
export const NEWS: readonly NewsArticle[] = NewsArticle.array()
  .parse([
    { slug: 'flagship-bumblebee-ships', key: 'flagshipBumblebeeShips', date: '2025-08-01', img: '/images/products/flagship-bumblebee/details.svg' },
    { slug: 'manuals-for-every-robot', key: 'manualsForEveryRobot', date: '2024-11-27', img: '/images/support/manuals.svg' },
    {
      slug: 'buzz-lightyear-lands-in-europe',
      key: 'buzzLightyearLandsInEurope',
      date: '2024-11-25',
      img: '/images/products/toy-story-buzz-lightyear/ranger.svg',
    },
  ])
  .toSorted((a, b) => b.date.localeCompare(a.date));

/** The slug of an article's page. */
export const newsSlug = (article: Pick<NewsArticle, 'slug'>) => `news/${article.slug}`;
