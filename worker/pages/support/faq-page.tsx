import Faq, { type FaqProps } from '../../../client/islands/faq';
import { FaqQuery } from '../../../content/faq';
import { faqItems, faqSections } from '../../../kernel/faq';
import { useSite } from '../../context/react';
import { safeJsonLd } from '../../head/head';
import { Island } from '../../render/island';

/** A sentence around a number the island puts in, as the text before and after it. */
function aroundCount(sentence: string): [string, string] {
  const [before = '', after = ''] = sentence.split('\u0000');
  return [before, after];
}

/**
 * The FAQ page (us): the questions of both sections rendered on the server, for crawlers and
 * visitors without JavaScript (`?category=` and `?q=` select them here too), with their
 * `FAQPage` structured data; the FAQ island loads other selections from `GET /api/faq`.
 */
export function FaqPage() {
  const site = useSite();
  const { t, slug, edition } = site;
  const region = edition.region;
  const query = site.url.searchParams;
  // An unreadable selection shows every question.
  const parsed = FaqQuery.safeParse({ region, category: query.get('category') ?? undefined, q: query.get('q') ?? undefined });
  const filter = parsed.success ? { category: parsed.data.category, q: parsed.data.q } : {};
  const all = faqItems(region, site);
  const props: FaqProps = {
    region,
    page: site.href(`/${slug}`),
    sections: faqSections(site),
    entries: parsed.success ? faqItems(region, site, filter) : all,
    category: filter.category ?? '',
    q: filter.q ?? '',
    copy: {
      all: t('faq.all'),
      sections: t('faq.sections'),
      search: t('faq.search'),
      searchButton: t('faq.searchButton'),
      loading: t('faq.loading'),
      failed: t('faq.failed'),
      retry: t('faq.retry'),
      results: aroundCount(t('faq.results', { count: '\u0000' })),
      noResults: t('faq.noResults'),
    },
  };
  const jsonLd = safeJsonLd({
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: all.map((item) => ({ '@type': 'Question', name: item.label, acceptedAnswer: { '@type': 'Answer', text: item.answer.join(' ') } })),
  });
  return (
    <>
      <section className="page-intro">
        <h1>{t(`head.${slug}.heading`)}</h1>
        <p className="lede">{t(`head.${slug}.lede`)}</p>
      </section>
      <div className="band faq">
        <Island name="faq" component={Faq} props={props} />
        <p className="faq-contact">
          <a href={site.href('/technical-support')}>{t('faq.contact')}</a>
        </p>
      </div>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
    </>
  );
}
