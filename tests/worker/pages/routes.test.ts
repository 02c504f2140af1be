import { describe, expect, it } from 'vitest';
import { compileRoutes, findPage, PAGES, ROUTES, routeName } from '../../../content/pages';
import { NEWS } from '../../../content/support/news';

const DUPLICATE = '自动生成路由名称时出现重复，请检查路由配置';
const INVALID = '路由记录类型检查失败';

describe('route records (docs/spec/platform.md §2, "Route behaviour")', () => {
  it('compile the real table: one page per record with a view or a redirect, none lost', () => {
    // 40 records with a view or a redirect (the privacy notice, the cookie settings and the legal
    // notice among them), and one page per news article (children of news).
    expect(PAGES.length).toBe(40 + NEWS.length);
    expect(new Set(PAGES.map((p) => p.name)).size).toBe(PAGES.length);
    expect(ROUTES.length).toBe(39);
  });

  it.each([
    ['', 'home'],
    ['flagship-bumblebee', 'flagship-bumblebee'],
    ['where-to-buy/hongkong-macao', 'where-to-buy-hongkong-macao'],
  ])('name the route at "%s" %s when it has no name', (slug, name) => {
    expect(routeName(slug)).toBe(name);
    expect(findPage(slug)?.name).toBe(name);
  });

  it('join a child path to its parent and let the child override inherited metadata', () => {
    const [parent, child] = compileRoutes([
      {
        path: 'where-to-buy',
        view: 'support',
        meta: { regions: ['us', 'de'], indexable: false },
        children: [{ path: 'hongkong-macao', view: 'support', meta: { regions: ['cn'] } }],
      },
    ]);
    expect(parent).toMatchObject({ slug: 'where-to-buy', regions: ['us', 'de'], indexable: false });
    expect(child).toMatchObject({ slug: 'where-to-buy/hongkong-macao', name: 'where-to-buy-hongkong-macao', regions: ['cn'], indexable: false });
  });

  it('let a parent with children only group them, and give a route without regions every edition', () => {
    const pages = compileRoutes([{ path: 'help', meta: { window: 'route:help' }, children: [{ path: 'faq', view: 'support' }] }]);
    expect(pages).toEqual([
      { name: 'help-faq', slug: 'help/faq', regions: ['us', 'uk', 'eu', 'fr', 'de', 'kr', 'jp', 'cn'], kind: 'support', window: 'route:help', indexable: true },
    ]);
  });

  it('keep redirects out of sitemaps', () => {
    expect(findPage('new-release')).toMatchObject({ kind: 'redirect', redirect: 'flagship-bumblebee', indexable: false });
  });

  it.each([
    [
      'two records at one path',
      [
        { path: 'faq', view: 'support' },
        { path: 'faq', view: 'info' },
      ],
    ],
    [
      'a name given twice',
      [
        { path: 'a', name: 'x', view: 'info' },
        { path: 'b', name: 'x', view: 'info' },
      ],
    ],
    [
      'a child whose derived name is taken',
      [
        { path: 'a-b', view: 'info' },
        { path: 'a', children: [{ path: 'b', view: 'info' }] },
      ],
    ],
  ])('refuse %s with the duplicate-name route error', (_, records) => {
    expect(() => compileRoutes(records)).toThrow(DUPLICATE);
  });

  it.each([
    ['no path', { view: 'info' }],
    ['a path only', { path: 'x' }],
    ['an unknown view', { path: 'x', view: 'checkout' }],
    ['a view and a redirect', { path: 'x', view: 'info', redirect: 'y' }],
    ['a path with a leading slash', { path: '/x', view: 'info' }],
    ['a path with dot segments', { path: '../x', view: 'info' }],
    ['upper-case letters', { path: 'FAQ', view: 'info' }],
    ['an unknown region', { path: 'x', view: 'info', meta: { regions: ['xx'] } }],
    ['an unknown field', { path: 'x', view: 'info', component: 'Faq' }],
    ['empty children', { path: 'x', children: [] }],
    ['not an object', 'faq'],
    ['a malformed child', { path: 'x', children: [{ path: 'y' }] }],
  ])('refuse a record with %s with the type-check route error', (_, record) => {
    expect(() => compileRoutes([record])).toThrow(INVALID);
  });

  it('say which record failed', () => {
    expect(() =>
      compileRoutes([
        { path: 'ok', view: 'info' },
        { path: 'x', children: [{ path: 'y' }] },
      ]),
    ).toThrow(/routes\[1\]\.children\.0/);
  });
});
