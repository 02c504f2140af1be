import { describe, expect, it } from 'vitest';
import { EDITIONS, REGIONS, type Region } from '../../../content/editions';
import { LOCALE_MESSAGES, type Messages } from '../../../locales';
import { editionPath } from '../../../kernel/paths';
import { get, pick, pickAll, unphrased } from '../fetch';

// Legal and trust pages per market (docs/decisions/0056): each edition's legal notice, privacy
// policy and terms of use, in its language, under the titles its law uses, reached from every
// footer (the legal notice in one click), in the sitemap with hreflang among the editions.

const SLUGS = ['legal-notice', 'privacy-policy', 'terms-use'] as const;

/** The titles the law and the market use, per edition. */
const TITLES: Record<Region, Record<(typeof SLUGS)[number], string>> = {
  us: { 'legal-notice': 'Legal notice', 'privacy-policy': 'Privacy policy', 'terms-use': 'Terms of use' },
  uk: { 'legal-notice': 'Legal notice', 'privacy-policy': 'Privacy policy', 'terms-use': 'Terms of use' },
  eu: { 'legal-notice': 'Legal notice', 'privacy-policy': 'Privacy policy', 'terms-use': 'Terms of use' },
  de: { 'legal-notice': 'Impressum', 'privacy-policy': 'Datenschutzerklärung', 'terms-use': 'Nutzungsbedingungen' },
  fr: { 'legal-notice': 'Mentions légales', 'privacy-policy': 'Politique de confidentialité', 'terms-use': 'Conditions générales d’utilisation' },
  jp: { 'legal-notice': '特定商取引法に基づく表記', 'privacy-policy': 'プライバシーポリシー', 'terms-use': '利用規約' },
  kr: { 'legal-notice': '사업자 정보', 'privacy-policy': '개인정보 처리방침', 'terms-use': '이용약관' },
  cn: { 'legal-notice': '经营者信息', 'privacy-policy': '隐私政策', 'terms-use': '使用条款' },
};

const hostOf = (region: Region) => (region === 'cn' ? 'cn.localhost' : 'localhost');
/** An edition's path to a page: `legal-notice`, `/login`, `/`. */
const at = (region: Region, slug: string) => editionPath(region, slug.startsWith('/') ? slug : `/${slug}`);
const load = async (region: Region, slug: string) => {
  const res = await get(at(region, slug), { host: hostOf(region) });
  return { res, html: unphrased(await res.text()) };
};
const footerOf = (html: string) => pick(html, /(<footer class="site-footer">[\s\S]*<\/footer>)/) ?? '';
const mainOf = (html: string) => pick(html, /(<main[\s\S]*<\/main>)/) ?? '';
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, '’')
    .replace(/\s+/g, ' ');

describe('every edition’s footer leads to its legal pages, in its language, under the titles its law uses', () => {
  it.each(REGIONS)('%s: from the home and the log-in page, each legal page is one click away and answers in the edition’s language', async (region) => {
    for (const from of ['/', '/login']) {
      const footer = footerOf((await load(region, from)).html);
      for (const slug of SLUGS) expect(footer, `${region}${from}: ${slug}`).toContain(`href="${at(region, slug)}"`);
      // The legal notice in the row every width shows, not folded in a list (§ 5 DDG: easily reachable).
      expect(pick(footer, /(<p class="footer-meta">[\s\S]*?<\/p>)/), `${region}${from}`).toContain(
        `<a href="${at(region, 'legal-notice')}" data-legal-notice="">`,
      );
    }
    for (const slug of SLUGS) {
      const { res, html } = await load(region, slug);
      expect(res.status, `${region} ${slug}`).toBe(200);
      expect(pick(html, /<html lang="([^"]+)"/)).toBe(EDITIONS[region].htmlLang);
      expect(pick(html, /<h1>([^<]+)<\/h1>/), `${region} ${slug}`).toBe(TITLES[region][slug]);
    }
  });

  it.each(SLUGS)('%s links its language versions by hreflang and is in every edition’s sitemap', async (slug) => {
    const { html } = await load('de', slug);
    const alternates = pickAll(html, /<link rel="alternate" hrefLang="([^"]+)"/);
    expect(alternates.sort()).toEqual([...REGIONS.map((r) => EDITIONS[r].hreflang), 'x-default'].sort());
    for (const region of REGIONS) {
      const sitemap = await (await get(region === 'cn' ? '/sitemap.xml' : `/${region}/sitemap.xml`, { host: hostOf(region) })).text();
      const loc = `http://${hostOf(region)}${at(region, slug)}`;
      const entry = pick(sitemap, new RegExp(`(<url>\\s*<loc>${loc}</loc>[\\s\\S]*?</url>)`));
      expect(entry, `${region} sitemap: ${slug}`).toBeDefined();
      expect(pickAll(entry!, /hreflang="([^"]+)"/)).toHaveLength(REGIONS.length + 1);
    }
  });

  it.each(REGIONS.filter((r) => !EDITIONS[r].locale.startsWith('en')))('%s: no English sentence of the legal pages is left untranslated', async (region) => {
    const english: string[] = [];
    const walk = (value: unknown) => {
      if (typeof value === 'string') {
        // The words before any fact or link: a sentence as a reader would meet it.
        const words = value.split(/\{\{|\[/)[0]!.trim();
        if (words.length > 30) english.push(words);
      } else if (value && typeof value === 'object') Object.values(value as Messages).forEach(walk);
    };
    walk(LOCALE_MESSAGES['en-US'].legal);
    expect(english.length).toBeGreaterThan(50);
    for (const slug of SLUGS) {
      const body = text(mainOf((await load(region, slug)).html));
      for (const sentence of english) expect(body.includes(sentence), `${region} ${slug}: "${sentence}"`).toBe(false);
    }
  });
});

describe('each market’s notice says what its law asks', () => {
  it('de: the Impressum under § 5 DDG, the provider and its representative, register and VAT ID; what is missing marked', async () => {
    const { html } = await load('de', 'legal-notice');
    const main = mainOf(html);
    expect(main).toContain('<h2>Angaben gemäß § 5 DDG</h2>');
    expect(pickAll(main, /<div data-fact="(\w+)">/)).toEqual([
      'operator',
      'address',
      'representative',
      'email',
      'phone',
      'register',
      'vatId',
      'contentResponsible',
      'host',
    ]);
    expect(pick(main, /<div data-fact="operator"><dt>Anbieter<\/dt><dd>([^<]+)<\/dd>/)).toBe('Robolux Europe B.V.');
    expect(pick(main, /<div data-fact="vatId"><dt>([^<]+)<\/dt>/)).toBe('Umsatzsteuer-Identifikationsnummer');
    // A fact the business has not given shows marked, never as if it were real.
    const vat = pick(main, /(<div data-fact="vatId">[\s\S]*?<\/div>)/)!;
    expect(vat).toContain('<mark class="legal-missing" data-missing="the VAT identification number of Robolux Europe B.V. (NL…B01)">');
    expect(vat).toContain('<span class="legal-missing-tag">noch anzugeben</span>');
  });

  it('fr: the footer’s legal column is no longer titled "Mentions légales": the link of that name leads to them', async () => {
    const footer = footerOf((await load('fr', '/')).html);
    expect(pickAll(footer, /<h2>([^<]+)<\/h2>/)).toContain('Informations légales');
    expect(pickAll(footer, /<h2>([^<]+)<\/h2>/)).not.toContain('Mentions légales');
    expect(pickAll(footer, /<a href="\/fr\/legal-notice"[^>]*>([^<]+)<\/a>/)).toEqual(['Mentions légales', 'Mentions légales']);
  });

  it('fr: the éditeur with its share capital, the directeur de la publication and the hébergeur with its address (LCEN art. 6)', async () => {
    const main = mainOf((await load('fr', 'legal-notice')).html);
    for (const heading of ['Éditeur du site', 'Directeur de la publication', 'Hébergement']) expect(main).toContain(`<h2>${heading}</h2>`);
    expect(main).toContain('<dt>Capital social</dt>');
    expect(text(pick(main, /(<div data-fact="host">[\s\S]*?<\/div>)/)!)).toContain('Cloudflare, Inc. 101 Townsend St San Francisco, CA 94107 États-Unis');
  });

  it('jp: 特定商取引法に基づく表記, the seller and the terms of sale, payment by the store’s methods, prices tax included', async () => {
    const main = mainOf((await load('jp', 'legal-notice')).html);
    expect(pickAll(main, /<div data-fact="\w+"><dt>([^<]+)<\/dt>/)).toEqual(
      expect.arrayContaining([
        '販売業者',
        '所在地',
        '電話番号',
        '販売価格',
        '商品代金以外の必要料金',
        'お支払い方法',
        '代金の支払時期',
        '商品の引渡時期',
        '返品・交換について',
      ]),
    );
    expect(text(pick(main, /(<div data-fact="payment">[\s\S]*?<\/div>)/)!)).toContain('PayPal');
    expect(text(pick(main, /(<div data-fact="price">[\s\S]*?<\/div>)/)!)).toContain('税込');
  });

  it('kr: every page’s footer carries the 사업자 정보, and the policy names the 개인정보 보호책임자 and the 국외 이전', async () => {
    for (const slug of ['/', '/login', '/manuals']) {
      const facts = pick(footerOf((await load('kr', slug)).html), /(<div class="footer-facts"[\s\S]*?<\/div>)/)!;
      expect(pickAll(facts, /<li data-fact="(\w+)">/), slug).toEqual([
        'operator',
        'representative',
        'businessNumber',
        'mailOrderNumber',
        'address',
        'phone',
        'email',
        'host',
        'privacyOfficer',
      ]);
      expect(text(facts)).toContain('통신판매업 신고번호');
    }
    const policy = mainOf((await load('kr', 'privacy-policy')).html);
    for (const heading of ['개인정보의 국외 이전', '개인정보의 파기 절차 및 방법', '개인정보 보호책임자', '권익침해 구제 방법'])
      expect(policy).toContain(`<h2>${heading}</h2>`);
  });

  it('cn: every page’s footer carries the ICP and public-security filing lines; the policy names the 个人信息处理者 and the transfer abroad', async () => {
    for (const slug of ['/', '/login']) {
      const facts = pick(footerOf((await load('cn', slug)).html), /(<div class="footer-facts"[\s\S]*?<\/div>)/)!;
      expect(pickAll(facts, /<li data-fact="(\w+)">/), slug).toEqual(['icp', 'psb']);
      expect(text(facts)).toContain('ICP 备案号');
      expect(text(facts)).toContain('公安备案号');
    }
    const policy = mainOf((await load('cn', 'privacy-policy')).html);
    for (const heading of ['个人信息处理者', '个人信息出境', '个人信息保护负责人']) expect(policy).toContain(`<h2>${heading}</h2>`);
  });

  it('names the operator as controller in every edition’s privacy policy, and links nothing of another edition', async () => {
    for (const region of REGIONS) {
      const main = mainOf((await load(region, 'privacy-policy')).html);
      expect(main, region).toContain('data-fact="operator"');
      for (const href of pickAll(main, /href="(\/[^"]*)"/)) expect(href.startsWith(region === 'cn' ? '/' : `/${region}/`), `${region}: ${href}`).toBe(true);
    }
  });
});

describe('tables wider than a phone', () => {
  // A table in a scroll strip is reached by keyboard: the strip is focusable and named by its
  // table's heading (axe's scrollable-region-focusable; the comparison and chart strips do so too).
  it.each(['/us/cookies-policy', '/de/privacy-policy', '/kr/privacy-policy', '/us/k1-pro-interstellar-scout'])(
    '%s: every scroll strip is focusable and named',
    async (path) => {
      const html = await (await get(path)).text();
      const strips = pickAll(html, /(<div class="table-scroll"[^>]*>)/g);
      expect(strips.length, path).toBeGreaterThan(0);
      for (const strip of strips) {
        expect(strip).toContain('tabindex="0"');
        expect(strip).toContain('role="region"');
        expect(strip).toMatch(/aria-label(ledby)?="[^"]+"/);
      }
    },
  );
});
