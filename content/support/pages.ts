import { LEGAL_PAGES } from '../legal/pages';
import { InfoPage } from '../schema/support';
import { NEWS, newsSlug } from './news';

const prose = (...copies: string[]) => copies.map((copy) => ({ kind: 'prose' as const, copy }));

/**
 * The support and information pages as data (docs/decisions/0015-support-and-information-pages.md):
 * each a list of sections that worker/pages/info/ renders with shared components. Copy keys
 * are full keys (`support.manuals…`); namespaces: `support`, `info` and `news` in every
 * locale, `info-legal` (the US cookies policy), `legal` (every edition's legal pages:
 * content/legal/pages.ts) and `support-service` (after-sales and warranty, kr, jp, cn) only
 * where their pages exist.
 */
const PAGES: unknown[] = [
  { slug: 'support', copy: 'support.hub', sections: [{ kind: 'hub' }] },
  {
    slug: 'manuals',
    copy: 'support.manuals',
    sections: [{ kind: 'manuals' }, { kind: 'links', copy: 'support.manuals.more', slugs: ['download-center', 'technical-support', 'contact-us'] }],
  },
  { slug: 'contact-us', copy: 'info.contact', sections: [{ kind: 'emails' }, { kind: 'offices' }] },
  { slug: 'where-to-buy', copy: 'support.whereToBuy', sections: [{ kind: 'dealers', list: 'edition' }, { kind: 'shop' }] },
  {
    slug: 'where-to-buy/hongkong-macao',
    copy: 'support.whereToBuy',
    sections: [{ kind: 'dealers', list: 'hk' }, { kind: 'storeGroups' }, { kind: 'shop' }],
  },
  {
    slug: 'download-center',
    copy: 'support.download',
    sections: [
      { kind: 'apps' },
      { kind: 'software' },
      // The edition's manuals, each in its language, where the edition has a manuals page.
      { kind: 'manuals' },
      { kind: 'links', copy: 'support.download.more', slugs: ['manuals', 'faq', 'technical-support', 'after-sale-service'] },
    ],
  },
  {
    slug: 'about-us',
    copy: 'info.about',
    sections: [
      ...prose('info.about.mission', 'info.about.robots', 'info.about.software'),
      { kind: 'links', copy: 'info.about.more', slugs: ['news', 'where-to-buy', 'contact-us', 'support'] },
    ],
  },
  { slug: 'news', copy: 'news', sections: [{ kind: 'newsList' }] },
  ...NEWS.map((article) => ({ slug: newsSlug(article), copy: `news.articles.${article.key}`, sections: [{ kind: 'article', article: article.slug }] })),
  {
    slug: 'cookies-policy',
    copy: 'info-legal.cookies',
    sections: [{ kind: 'prose', copy: 'info-legal.cookies.intro' }, { kind: 'cookies' }, ...prose('info-legal.cookies.storage', 'info-legal.cookies.choices')],
  },
  // The legal notice, privacy policy and terms of use of every edition (docs/decisions/0056).
  ...LEGAL_PAGES,
  {
    slug: 'after-sale-service',
    copy: 'support-service.afterSale',
    sections: [
      { kind: 'figures', copy: 'support-service.afterSale.figures', figures: ['replyHours', 'warrantyYears'] },
      { kind: 'emails', only: ['customerSupport'] },
      ...prose('support-service.afterSale.contact', 'support-service.afterSale.repair', 'support-service.afterSale.shipping'),
      { kind: 'links', copy: 'support-service.afterSale.more', slugs: ['warranty-information', 'manuals', 'download-center'] },
    ],
  },
  {
    slug: 'warranty-information',
    copy: 'support-service.warranty',
    sections: [
      { kind: 'figures', copy: 'support-service.warranty.figures', figures: ['warrantyYears', 'priceGuaranteeDays'] },
      ...prose(
        'support-service.warranty.covered',
        'support-service.warranty.excluded',
        'support-service.warranty.priceGuarantee',
        'support-service.warranty.claim',
      ),
      { kind: 'links', copy: 'support-service.warranty.more', slugs: ['after-sale-service', 'manuals'] },
    ],
  },
];

/** Every support and information page, by slug, checked against the schema when loaded. */
export const INFO_PAGES: ReadonlyMap<string, InfoPage> = new Map(
  InfoPage.array()
    .parse(PAGES)
    .map((page) => [page.slug, page]),
);
