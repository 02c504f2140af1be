import { describe, expect, it } from 'vitest';
import { CACHE } from '../../../worker/cache';
import { get, pick, pickAll } from '../fetch';

// The US FAQ (docs/decisions/0016, docs/spec/content.md §2 and §9): the endpoint and the page it backs.

interface Answer {
  code: number;
  msg: string;
  data: {
    sections: { id: string; label: string }[];
    entries: { id: string; category: string; label: string; answer: string[] }[];
    fields?: Record<string, string>;
  };
}
const api = async (query: string) => {
  const res = await get(`/api/faq${query}`);
  return { res, body: (await res.json()) as Answer };
};
/** The FAQ's section headings. */
const SECTION_TITLES = /<section[^>]*class="faq-section"[^>]*><h2[^>]*>([^<]+)<\/h2>/;
const text = (body: Answer) => body.data.entries.flatMap((e) => [e.label, ...e.answer]).join('\n');

/** Every US figure of docs/spec/content.md §9 "US FAQ" and app support, as a shopper reads it. */
const FIGURES = [
  'within 14 days of delivery',
  'within 30 days of delivery, we replace it',
  'Standard shipping is free in the continental US.',
  'Express shipping costs $50.',
  'Economy shipping to Hawaii costs $50.',
  'Shipping to remote areas and Puerto Rico costs $100 and takes 5–8 business days.',
  'iOS 13 or later and Android 8 or later',
];

describe('GET /api/faq', () => {
  it('answers the US FAQ in both sections with every figure, cacheable by shared caches', async () => {
    const { res, body } = await api('?region=us');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe(CACHE.data);
    expect(body.code).toBe(2000);
    expect(body.data.sections).toEqual([
      { id: 'support-services', label: 'Support Services' },
      { id: 'download', label: 'Download' },
    ]);
    for (const figure of FIGURES) expect(text(body)).toContain(figure);
    expect(new Set(body.data.entries.map((e) => e.category))).toEqual(new Set(['support-services', 'download']));
  });

  it('answers one section', async () => {
    const { body } = await api('?region=us&category=download');
    expect(body.data.entries.length).toBeGreaterThan(0);
    expect(body.data.entries.every((e) => e.category === 'download')).toBe(true);
    expect(text(body)).toContain('Android 8');
    expect(text(body)).not.toContain('Hawaii');
  });

  it.each([
    ['hawaii', ['shipping']],
    ['PUERTO rico', ['remote-shipping']],
    ['android', ['app-devices', 'downloads']],
    ['  return   days ', ['returns']],
    ['teleportation', []],
  ])('finds %j in questions and answers, whatever the case', async (q, ids) => {
    const { body } = await api(`?region=us&q=${encodeURIComponent(q)}`);
    expect(body.code).toBe(2000);
    expect(body.data.entries.map((e) => e.id)).toEqual(ids);
  });

  const CHECK = 'Please check what you entered and try again.';
  it.each([
    // An edition without a FAQ is told so in its own language.
    ['?region=jp', 'region', '入力内容をご確認のうえ、もう一度お試しください。'],
    ['', 'region', CHECK],
    ['?region=us&category=warranty', 'category', CHECK],
    [`?region=us&q=${'x'.repeat(101)}`, 'q', CHECK],
    ['?region=us&q=%E2%80%AEevil', 'q', CHECK],
  ])('refuses %s with 4000 naming %s, stored nowhere', async (query, field, msg) => {
    const { res, body } = await api(query);
    expect(res.status).toBe(400);
    expect(res.headers.get('Cache-Control')).toBe(CACHE.none);
    expect(body.code).toBe(4000);
    expect(body.msg).toBe(msg);
    expect(body.data.fields).toHaveProperty(field);
  });
});

describe('the FAQ page', () => {
  it('renders both sections with every figure for crawlers and visitors without JavaScript, and FAQPage data', async () => {
    const res = await get('/us/faq');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(pickAll(html, SECTION_TITLES)).toEqual(['Support Services', 'Download']);
    for (const figure of FIGURES) expect(html.replaceAll('&#x27;', "'")).toContain(figure);
    expect(html).toContain('data-island="faq"');
    // The FAQ's own block (the breadcrumbs have theirs).
    const ld = pickAll(html, /<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/)
      .map((s) => JSON.parse(s) as { '@type': string; mainEntity: { '@type': string; name: string; acceptedAnswer: { text: string } }[] })
      .find((d) => d['@type'] !== 'BreadcrumbList')!;
    expect(ld['@type']).toBe('FAQPage');
    expect(ld.mainEntity).toHaveLength(8);
    expect(ld.mainEntity.find((q) => q.name === 'How much does shipping cost?')?.acceptedAnswer.text).toContain('Express shipping costs $50.');
  });

  it('selects a section or a search from its address, as the form and links without JavaScript ask', async () => {
    const download = await (await get('/us/faq?category=download')).text();
    expect(pickAll(download, SECTION_TITLES)).toEqual(['Download']);
    expect(download).toMatch(/<a href="\/us\/faq\?category=download" aria-current="page"/);
    const search = await (await get('/us/faq?q=puerto')).text();
    expect(search).toContain('Do you ship to Puerto Rico and remote areas?');
    expect(search).not.toContain('Which phones and tablets does the app support?</summary>');
    expect(pick(search, /<input id="faq-q"[^>]*value="([^"]*)"/)).toBe('puerto');
    // A selection it cannot read shows every question.
    const odd = await (await get('/us/faq?category=%3Cscript%3E')).text();
    expect(pickAll(odd, SECTION_TITLES)).toEqual(['Support Services', 'Download']);
  });

  it('exists in the US edition only', async () => {
    expect((await get('/uk/faq')).status).toBe(404);
  });
});
