/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { EDITIONS, type Region } from '../../../content/editions';
import { PAGES } from '../../../content/pages';
import { PRODUCT_PAGES, pageVariant } from '../../../content/products';
import { buildBundle, lookup } from '../../../worker/bundle/build';
import { decode } from '../crawl';
import { getAt, norm, pick, pickAll } from '../fetch';

// Every product page of docs/spec/content.md §2, in every edition where content/pages.ts has it:
// its anchors, its figures (docs/spec/content.md §4, §9) formatted as the page formats them, its
// prices, buy rule, voice-command lists and structured data. The figures below are typed
// from the spec, not read from content/, so a wrong figure there fails here.

/**
 * After the Back to School sale (stage 3): list prices, no sale; still in August 2025, while
 * the Japanese edition ships "from August 2025" and Megatron's delivery is "Q4 2025" ahead.
 */
const AT = '2025-08-28T00:00:00Z';
/** While the 2023 pre-orders ran (Grimlock's and the limited edition's timelines hold). */
const PRE_ORDERS_2023 = '2023-05-20T00:00:00Z';

const path = (region: Region, slug: string) => (region === 'cn' ? `/${slug}` : `/${region}/${slug}`);
const host = (region: Region) => (region === 'cn' ? 'cn.localhost' : 'localhost');
const pageOf = (region: Region, slug: string) => getAt(path(region, slug), AT, { host: host(region) });

/** Visible text of some HTML, spaces folded. */
const text = (html: string) =>
  norm(
    decode(
      html
        .replace(/<script[\s\S]*?<\/script>/g, ' ')
        .replace(/<[^>]+>/g, ' ')
        .replace(/<!-- -->/g, ''),
    ),
  )!
    .replace(/\s+/g, ' ')
    .trim();
const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
/** The value cell of a spec row, by its label key. */
const cell = (html: string, label: string) => {
  const row = pick(html, new RegExp(`<tr data-spec="${label}">([\\s\\S]*?)</tr>`));
  return row === undefined ? undefined : text(pick(row, /<td>([\s\S]*?)<\/td>/) ?? '');
};
const section = (html: string, marker: string) => {
  const at = html.indexOf(marker);
  return at < 0 ? '' : html.slice(at, html.indexOf('</section>', at));
};

type Button = 'Buy Now' | 'Pre-Order Now' | 'Sold Out';

interface PageSpec {
  /** In-page anchors the spec names (docs/spec/content.md §2), as element ids. */
  anchors: string[];
  /**
   * Spec rows: label, the cell in English, and what every locale shows: the number it
   * formats with Intl, `name` for a technical name that reads the same everywhere, or
   * nothing for copy a translator words.
   */
  rows: [label: string, english: string, n?: number | 'name' | Partial<Record<Region, string>>][];
  /** What the US (or only English) edition shows besides: quoted copy, prices, dates. */
  shows?: string[];
  /** Dated copy (US edition) that shows while the 2023 pre-orders run, and is gone at the test moment. */
  dated?: string[];
  /** Voice-command list lengths. */
  voice?: number[];
  /** The main buy button (none: no offer in that edition). */
  button: Partial<Record<Region, Button>>;
}

/** The charging port as each language names it (docs/decisions/0032: German and French say USB-C). */
const USB_C: Partial<Record<Region, string>> = { fr: 'USB-C', de: 'USB-C', kr: 'USB-C', jp: 'USB Type-C' };

const SPEC: Record<string, PageSpec> = {
  'flagship-bumblebee': {
    anchors: ['hero', 'specs', 'gallery', 'overview', 'details', 'appearance'],
    rows: [
      ['servos', '31', 31],
      ['microchips', '67', 67],
      ['sensor', '6-axis sensor', 6],
      ['battery', '2,100 mAh', 2100],
      ['voltage', '11.1 V', 11.1],
      ['connectivity', 'Bluetooth 5.0 BLE', 'name'],
      ['port', 'Type-C', USB_C],
      ['charging', '120 min', 120],
      ['standby', '60 min', 60],
      ['components', '2,500+', 2500],
      ['programmingModes', 'Manual, block-based, PC, voice-activated, easy'],
      ['voiceCommands', '36', 36],
    ],
    // No "Notify Me" beside Buy Now: the notify block shows only while the product cannot be bought (docs/decisions/0031; tests/worker/pages/formats.test.ts).
    shows: ['$1,299'],
    voice: [36],
    button: { us: 'Buy Now', uk: 'Buy Now', eu: 'Buy Now', fr: 'Buy Now', de: 'Buy Now', jp: 'Pre-Order Now', cn: 'Buy Now' },
  },
  'flagship-megatron': {
    anchors: ['banner', 'megatron-specs', 'gallery'],
    rows: [
      ['chips', '118', 118],
      ['servos', '36', 36],
      ['leds', '112', 112],
      ['tracks', '4', 4],
      ['battery', '2,700 mAh', 2700],
      ['voltage', '11.1 V', 11.1],
      ['charging', '90 min', 90],
      ['shells', '4', 4],
      ['robotSpeed', '5 cm/s', 5],
      ['tankSpeed', '10 cm/s', 10],
    ],
    shows: ['$1,499', 'Expected delivery Q4 2025', '1-year warranty', 'Free shipping on orders over $99', 'Projectile shells × 4', 'Watch Video'],
    button: { us: 'Pre-Order Now' },
  },
  'flagship-optimus-prime': {
    anchors: ['overview', 'specs'],
    rows: [
      ['servos', '27', 27],
      ['chips', '60', 60],
      ['components', '5,000+', 5000],
      ['voiceCommands', '39–40', 39],
      ['soundEffects', '80+', 80],
      ['battery', '2 × 1,200 mAh', 1200],
      ['connectivity', 'BLE 4.2', 'name'],
    ],
    shows: ['Out of Stock', '$948'],
    voice: [40],
    button: { us: 'Sold Out' },
  },
  'elite-optimus-prime': {
    anchors: ['elite-banner', 'specs', 'gallery'],
    rows: [['worksWith', 'AI Base']],
    shows: ['$699', '$948', 'Out of Stock', 'Elite Optimus Prime + AI Base bundle'],
    button: { us: 'Buy Now' },
  },
  'grimlock-g1-flagship': {
    anchors: ['HardwareTech', 'SoftwareAbility', 'ProductDetails'],
    rows: [
      ['servos', '34', 34],
      ['chips', '85', 85],
      ['battery', '2,500 mAh', 2500],
      ['charging', '90 min', 90],
      ['audioLines', '150+', 150],
      ['voiceCommands', '42', 42],
    ],
    shows: ['$1,699', '$141.60/month for 12 months at 0% APR'],
    // The pre-order timeline (docs/spec/content.md §4), while it holds; gone once shipping began.
    dated: [
      'July 19, 2023 Pre-order begins at an introductory price',
      'September 30, 2023 Pre-order ends',
      'October 1, 2023 Regular price applies',
      'Late fall 2023 Shipping begins',
    ],
    voice: [42],
    button: { us: 'Buy Now' },
  },
  'k1-pro-interstellar-scout': {
    anchors: ['overview', 'specs'],
    rows: [
      ['servos', '17', 17],
      ['chips', '40', 40],
      ['parts', '1,700+', 1700],
      ['weight', '0.94 kg', 0.94],
      ['battery', '2,000 mAh', 2000],
      ['connectivity', 'BLE 4.2', 'name'],
      ['dances', '9', 9],
    ],
    shows: ['K1 $299', 'K1 Pro $399'],
    voice: [41, 81],
    button: { us: 'Buy Now', cn: 'Buy Now' },
  },
  'toy-story-buzz-lightyear': {
    anchors: ['banner', 'specs', 'gallery'],
    rows: [
      ['servos', '23', 23],
      ['chips', '75', 75],
      ['components', '3,000+', 3000],
      ['audioClips', '200+', 200],
      ['voiceCommands', '34', 34],
      ['voltage', '11.1 V', 11.1],
      ['battery', '1,900 mAh', 1900],
      ['netWeight', '1.7 kg', 1.7],
      ['packagedWeight', '3.9 kg', 3.9],
      ['fullCharge', '90 min', 90],
      ['connectivity', 'Wi-Fi 2.4G + Bluetooth 5.0', 'name'],
    ],
    shows: ['30-day return', 'Watch Video'],
    voice: [34],
    button: { us: 'Buy Now', uk: 'Buy Now', eu: 'Buy Now', fr: 'Buy Now', de: 'Buy Now', cn: 'Buy Now' },
  },
  'buzz-lightyear-space-ranger-alpha': {
    anchors: ['overview', 'specs', 'gallery'],
    rows: [['character', 'Buzz Lightyear, Space Ranger']],
    shows: ['Available at the store'],
    button: { us: 'Buy Now' },
  },
  'bumblebee-g1-performance': {
    anchors: ['overview', 'specs', 'gallery'],
    rows: [['character', 'Bumblebee']],
    shows: ['Available at the store'],
    button: { us: 'Buy Now' },
  },
  'ai-base': {
    anchors: ['overview', 'specs', 'gallery'],
    rows: [['worksWith', 'Elite Optimus Prime']],
    shows: ['AI Base $299', 'Elite Optimus Prime + AI Base bundle $948'],
    button: { us: 'Buy Now' },
  },
  'optimus-prime-rise-of-the-beasts-signature-limited-edition': {
    anchors: ['overview', 'specs'],
    rows: [
      ['editionSize', '3,000 units', 3000],
      ['servoMotors', '21', 21],
      ['chips', '69', 69],
      ['gyroscope', '6-axis gyroscopes', 6],
      ['motionMechanisms', '40+', 40],
      ['connectivity', 'BLE 5.0', 'name'],
      ['port', 'Type-C', USB_C],
      ['battery', '1,650 mAh', 1650],
      ['weight', '1.6 kg', 1.6],
      ['adapter', '30 W', 30],
      ['dimensions', '135 × 237 × 423 mm', 423],
      ['voiceCommands', '16', 16],
    ],
    shows: [
      'Standard edition $799',
      'Limited edition retail $899',
      'Presale $699',
      '$58.25 per month for 12 months',
      '3,000 units globally',
      'Limit 1 per customer',
    ],
    dated: ['May 25 – July 25, 2023 Pre-order', 'July 24, 2023 Early-bird price ends', 'Q4 2023 Shipment scheduled'],
    voice: [16],
    button: { us: 'Sold Out', cn: 'Sold Out' },
  },
};

// The Chinese limited-edition page has its own specs (docs/spec/content.md §9).
const CN_LIMITED_ROWS: [string, number][] = [
  ['joints', 21],
  ['chips', 69],
  ['movingParts', 40],
  ['voiceCommands', 16],
  ['weight', 1.6],
  ['battery', 1650],
];

const productPages = PAGES.filter((p) => p.kind === 'product');
const cases = productPages.flatMap((page) => page.regions.map((region) => [page.slug, region] as const));

describe('product pages as data', () => {
  it('has a page of sections for every product route, and a spec row in this test for each', () => {
    expect(PRODUCT_PAGES.map((p) => p.slug).sort()).toEqual(productPages.map((p) => p.slug).sort());
    expect(Object.keys(SPEC).sort()).toEqual(productPages.map((p) => p.slug).sort());
    for (const page of PRODUCT_PAGES) expect(page.product, page.slug).toBe(productPages.find((p) => p.slug === page.slug)!.product);
  });

  const art = import.meta.glob('../../../client/static/images/**/*.svg', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
  const file = (src: string) => art[`../../../client/static${src}`];
  /** Bytes of `text` gzipped, as the static assets travel. */
  const gzipped = async (text: string) => (await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer()).byteLength;
  it.each(PRODUCT_PAGES.map((p) => [p.slug, p] as const))('%s has lightweight SVG art for every picture it names, with alt copy', async (_, page) => {
    const messages = buildBundle('us').messages;
    for (const [key, image] of Object.entries(page.images)) {
      const svg = file(image.src);
      expect(svg, image.src).toBeDefined();
      // Lit art (gradients, gloss, shadow) is longer than flat shapes, and repeats itself: what a visitor downloads is the gzip.
      expect(await gzipped(svg!), image.src).toBeLessThan(4_000);
      expect(svg, image.src).not.toMatch(/<script|on\w+=/i);
      expect(lookup(messages, `${page.namespace}.${image.alt ?? `images.${key}`}`), `${page.slug} alt of ${key}`).toEqual(expect.stringMatching(/\S/));
    }
  });

  it.each(cases)('%s in %s: every voice-command list holds exactly its count of distinct commands', (slug, region) => {
    const page = PRODUCT_PAGES.find((p) => p.slug === slug)!;
    const messages = buildBundle(region).messages;
    for (const section of pageVariant(page, region).sections) {
      if (section.kind !== 'voice') continue;
      for (const list of section.lists) {
        const commands = lookup(messages, `${page.namespace}.${list.key}`) as string[];
        const count = page.figures[list.count] as { n: number };
        expect(commands, `${region} ${list.key}`).toHaveLength(count.n);
        expect(new Set(commands).size, `${region} ${list.key} repeats a command`).toBe(count.n);
      }
    }
  });
});

describe('every product page in every edition', () => {
  it.each(cases)('%s in %s is the product view, with its anchors, figures, buy button and structured data', async (slug, region) => {
    const spec = SPEC[slug]!;
    const res = await pageOf(region, slug);
    expect(res.status).toBe(200);
    const html = await res.text();
    const lang = EDITIONS[region].htmlLang;
    const english = lang.startsWith('en');

    // The product view, not the placeholder body; no raw key, brace or missing value.
    expect(html).not.toContain('class="page-intro"');
    expect(Number(pick(html, /<article class="product"[^>]*data-sections="(\d+)"/))).toBeGreaterThanOrEqual(5);
    expect(html).not.toMatch(/\{\{|\bundefined\b|\bNaN\b/);

    // No band of words is a heading and one sentence (decision 0046): each without a picture
    // carries a list or key figures.
    const bands = pickAll(html, /(<section[^>]*class="band feature (?![^"]*with-art)[^"]*"[\s\S]*?<\/section>)/);
    for (const band of bands) expect(band, pick(band, /<h2>([\s\S]*?)<\/h2>/)).toMatch(/<ul class="checklist"|<dl class="facts"/);

    // Anchors: real ids, and the menu links to each of them.
    const ids = new Set(pickAll(html, /\sid="([^"]+)"/));
    for (const anchor of slug === 'optimus-prime-rise-of-the-beasts-signature-limited-edition' && region === 'cn' ? ['overview', 'specs'] : spec.anchors) {
      expect(ids.has(anchor), `#${anchor}`).toBe(true);
    }
    const menu = pickAll(pick(html, /<nav class="product-menu"[^>]*>([\s\S]*?)<\/nav>/) ?? '', /href="#([^"]+)"/);
    expect(menu.length).toBeGreaterThan(0);
    for (const anchor of menu) expect(ids.has(anchor), `menu #${anchor}`).toBe(true);

    // Figures in the spec table, formatted for the edition's locale.
    const rows =
      slug === 'optimus-prime-rise-of-the-beasts-signature-limited-edition' && region === 'cn'
        ? CN_LIMITED_ROWS.map(([l, n]) => [l, '', n] as const)
        : spec.rows;
    for (const [label, en, n] of rows) {
      const value = cell(html, label);
      expect(value, `${label}`).toBeDefined();
      if (english && en) expect(value, label).toBe(en);
      else if (typeof n === 'number') expect(value, label).toContain(norm(new Intl.NumberFormat(lang).format(n)));
      else if (n === 'name') expect(value, label).toBe(en);
      else if (typeof n === 'object') expect(value, label).toBe(n[region] ?? en);
      else expect(value, label).toMatch(/\S/);
    }

    // Quoted copy, prices and dates of the US edition (other editions: the tests below).
    if (region === 'us') for (const shown of spec.shows ?? []) expect(text(main(html)), shown).toContain(shown);
    // Dated copy of 2023: shown while it held, hidden since (docs/decisions/0029).
    if (region === 'us' && spec.dated) {
      const then = text(main(await (await getAt(path(region, slug), PRE_ORDERS_2023, { host: host(region) })).text()));
      for (const shown of spec.dated) {
        expect(then, shown).toContain(shown);
        expect(text(main(html)), shown).not.toContain(shown);
      }
    }

    // Voice commands: the dialog and the no-JS list hold every command.
    if (spec.voice) {
      const dialog = pick(html, /<dialog class="voice-commands"[^>]*>([\s\S]*?)<\/dialog>/)!;
      const fallback = pick(html, /<details class="voice-fallback"[^>]*>([\s\S]*?)<\/details>/)!;
      for (const part of [dialog, fallback]) {
        const lists = [...part.matchAll(/<(ol|ul)\b[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => pickAll(m[2]!, /<li>([^<]+)<\/li>/).length);
        expect(lists).toEqual(spec.voice);
      }
    }

    // The buy rule (catalogue `buyState`), and the same availability in the JSON-LD.
    const product = PAGES.find((p) => p.slug === slug)!.product!;
    const state = pick(html, new RegExp(`data-buy="(\\w+)" data-product="${product}"`));
    const label = spec.button[region];
    if (label) {
      expect({ buy: 'Buy Now', preOrder: 'Pre-Order Now', soldOut: 'Sold Out' }[state ?? '']).toBe(label);
    } else {
      expect(state).toBeUndefined();
      expect(html).toContain('data-unpublished');
    }
    const ld = pickAll(html, /<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/).map((s) => JSON.parse(s) as Record<string, never>);
    // A Product with its offer where the edition prices it (the buy bar shows the price), else a
    // WebPage about it (decision 0034: Google takes no Product without an offer); and the breadcrumbs.
    const priced = html.includes(`class="buy-bar-price" data-product="${product}"`);
    expect(ld.map((d) => d['@type'])).toEqual([priced ? 'Product' : 'WebPage', 'BreadcrumbList']);
    if (priced) expect(ld[0]).toMatchObject({ productID: product, brand: { name: 'Robolux' } });
    else expect(ld[0]).toMatchObject({ about: { identifier: product } });
    const offers = ld[0]!.offers as { availability: string; priceCurrency: string } | undefined;
    expect(offers === undefined).toBe(!priced);
    if (offers) {
      expect(offers.availability).toBe(
        { buy: 'https://schema.org/InStock', preOrder: 'https://schema.org/PreOrder', soldOut: 'https://schema.org/OutOfStock' }[state ?? ''],
      );
      expect(offers.priceCurrency).toBe(EDITIONS[region].currency);
    }
  });
});

describe('prices', () => {
  const priceOf = (html: string, key: string) =>
    norm(pick(html, new RegExp(`<p class="price" data-product="${key}">[\\s\\S]*?<span data-price="true"[^>]*>([^<]+)<`)));

  it.each([
    ['us', '$299', '$399'],
    ['cn', '¥1,980', '¥2,499'],
  ] as const)('K1 %s: %s beside K1 Pro %s', async (region, k1, k1Pro) => {
    const html = await (await pageOf(region, 'k1-pro-interstellar-scout')).text();
    const hero = section(html, '<section id="overview"');
    expect(priceOf(hero, 'interstellarScoutK1')).toBe(k1);
    expect(priceOf(hero, 'k1ProInterstellarScout')).toBe(k1Pro);
    expect(hero.indexOf('interstellarScoutK1"')).toBeLessThan(hero.indexOf('k1ProInterstellarScout"'));
  });

  it.each(['uk', 'eu', 'fr', 'de'] as const)('K1 in %s: no invented price, "Available at the store" linking to the edition’s store', async (region) => {
    const html = await (await pageOf(region, 'k1-pro-interstellar-scout')).text();
    expect(html).not.toContain('data-price="true"');
    expect(pick(html, /application\/ld\+json[^>]*>([^<]*)</)).not.toContain('"offers"');
    const link = pick(html, /data-unpublished=""><a href="([^"]+)"/);
    expect(link).toBe(buildBundle(region).pack.shop);
  });

  it.each([
    ['buzz-lightyear-space-ranger-alpha', 'buzzLightyearSpaceRangerAlpha'],
    ['bumblebee-g1-performance', 'bumblebeeG1Performance'],
  ])('%s shows "Available at the store" and its buy button, never a price', async (slug, key) => {
    const html = await (await pageOf('us', slug)).text();
    expect(text(section(html, '<section id="overview"'))).toContain('Available at the store Buy Now');
    expect(html).not.toContain('data-price="true"');
    expect(html).toMatch(new RegExp(`href="https://us\\.shop\\.robolux\\.com/products/[\\w-]+" rel="noopener" data-buy="buy" data-product="${key}"`));
  });

  it.each(['us', 'cn'] as const)('the limited edition in %s shows its standard, limited retail and presale prices', async (region) => {
    const html = await (await pageOf(region, 'optimus-prime-rise-of-the-beasts-signature-limited-edition')).text();
    const points = pickAll(html, /<div data-point="\w+"><dt>[^<]*<\/dt><dd>([^<]+)</).map(norm);
    expect(points).toEqual(region === 'us' ? ['$799', '$899', '$699'] : ['¥5,499', '¥5,999', '¥4,999']);
  });

  it('the limited edition’s early-bird band gives its deadline and the presale price against retail while it runs, and is gone after', async () => {
    const slug = 'optimus-prime-rise-of-the-beasts-signature-limited-edition';
    const band = async (when: string) => {
      const html = await (await getAt(path('us', slug), when)).text();
      return section(html, '<h2>Early-bird pre-order');
    };
    const open = await band(PRE_ORDERS_2023);
    // Presale $699 against the limited retail $899 (docs/spec/content.md §9), until July 24, 2023 (§4).
    expect(text(open)).toContain('Pre-order by July 24, 2023 and the Signature Limited Edition is yours at its presale price of $699, $200 under its limited-edition retail price of $899.');
    const facts = pickAll(open, /<div data-fact="\w+"><dt>[^<]*<\/dt><dd>([^<]+)<\/dd>/).map(norm);
    expect(facts).toEqual(['$699', '$200', 'July 24, 2023']);
    expect(await band('2023-07-25T12:00:00Z')).toBe('');
  });

  it.each([
    ['us', '$', '699', '30-day return'],
    ['uk', '£', '499', '14-day return'],
    ['eu', '€', '599', '14-day return'],
    ['de', '€', '599', '14'],
    ['fr', '€', '599', '14'],
    ['cn', '¥', '3,999', undefined],
  ] as const)('the Buzz page in %s shows its price block as sign %s and price %s, and the store guarantee', async (region, sign, price, returns) => {
    const html = await (await pageOf(region, 'toy-story-buzz-lightyear')).text();
    const block = pick(html, /<p class="price price-block"[^>]*>([\s\S]*?)<\/p>/)!;
    expect(pick(block, /data-price-sign="">([^<]+)</)).toBe(sign);
    expect(norm(pick(block, /data-price-value="">([^<]+)</))).toBe(norm(price));
    const guarantee = pick(html, /data-term="returns">([^<]+)</);
    if (returns) expect(guarantee).toContain(returns);
    else expect(guarantee).toBeUndefined();
    // Buy buttons to the regional stores (docs/spec/content.md §2), on the global editions.
    const stores = pickAll(html, /data-store="(\w+)"/);
    expect(stores).toEqual(region === 'cn' ? [] : ['de', 'eu', 'fr', 'uk', 'us']);
  });

  it('shows the Elite Optimus Prime sale price beside the crossed-out list price while the Back to School stage is on', async () => {
    const html = await (await getAt('/us/elite-optimus-prime', '2025-08-12T00:00:00Z')).text();
    const price = pick(html, /<p class="price" data-product="eliteOptimusPrime">([\s\S]*?)<\/p>/)!;
    expect(pick(price, /data-price="true" class="sale">([^<]+)</)).toBe('$599');
    expect(pick(price, /<del data-list-price="true">([^<]+)</)).toBe('$699');
    const ld = JSON.parse(pick(html, /<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/)!) as { offers: { price: number } };
    expect(ld.offers.price).toBe(599);
  });

  it('marks the Flagship Optimus Prime Out of Stock in the comparison chart, with a Sold Out button', async () => {
    for (const slug of ['flagship-optimus-prime', 'elite-optimus-prime']) {
      const html = await (await pageOf('us', slug)).text();
      const row = pick(html, /<tr data-chart-row="flagshipOptimusPrime">([\s\S]*?)<\/tr>/)!;
      expect(text(row)).toMatch(/^Flagship Optimus Prime Out of Stock Sold Out\b/);
      expect(row).toContain('data-buy="soldOut"');
    }
  });
});

describe('dates and figures in other languages', () => {
  it('formats the Grimlock timeline with Intl for the edition (dates are schedule entries), marking the steps past', async () => {
    const at = async (when: string) => (await getAt('/us/grimlock-g1-flagship', when)).text();
    const html = await at(PRE_ORDERS_2023);
    const dates = pickAll(html, /<time class="when" dateTime="([^"]+)">/);
    expect(dates).toEqual(['2023-07-19', '2023-09-30', '2023-10-01', '2023']);
    expect(pickAll(await at('2023-10-15T00:00:00Z'), /<li data-state="(\w+)"><time class="when"/)).toEqual(['past', 'past', 'past', 'upcoming']);
    // Once shipping has begun (late fall 2023 over), the timeline is gone.
    expect(await at('2024-01-01T00:00:00Z')).not.toContain('data-timeline');
  });

  it('marks the step running now on the limited edition’s timeline: the pre-order between its first and last day', async () => {
    const steps = async (when: string) => {
      const html = await (await getAt('/us/optimus-prime-rise-of-the-beasts-signature-limited-edition', when)).text();
      return pickAll(html, /<li (data-state="\w+"(?: aria-current="step")?)><time class="when"/);
    };
    // Before the pre-order opens, everything is to come; while it runs, it is the current step (a
    // screen reader says so); once the early-bird price has ended, that step is over.
    expect(await steps('2023-05-20T00:00:00Z')).toEqual(['data-state="upcoming"', 'data-state="upcoming"', 'data-state="upcoming"']);
    expect(await steps('2023-06-15T16:00:00Z')).toEqual(['data-state="current" aria-current="step"', 'data-state="upcoming"', 'data-state="upcoming"']);
    expect((await steps('2023-07-25T12:00:00Z')).slice(0, 2)).toEqual(['data-state="current" aria-current="step"', 'data-state="past"']);
  });

  it('formats German figures the German way on the Flagship Bumblebee page', async () => {
    const html = await (await pageOf('de', 'flagship-bumblebee')).text();
    expect(cell(html, 'battery')).toBe('2.100 mAh');
    expect(cell(html, 'voltage')).toBe('11,1 V');
    expect(cell(html, 'components')).toBe('über 2.500');
    expect(cell(html, 'port')).toBe('USB-C');
    expect(text(main(html))).toContain('Alle 36 Sprachbefehle ansehen');
    expect(text(main(html))).toContain('über 2.500 Bauteile');
  });

  it('tells Japanese visitors the shipping month, formatted from the schedule, and sells the robot once it ships', async () => {
    const html = await (await pageOf('jp', 'flagship-bumblebee')).text();
    expect(pick(html, /data-note="">([^<]+)</)).toBe('2025年8月より、ご予約順に順次発送いたします。');
    expect(html).toContain('data-buy="preOrder"');
    // From September 2025 (Tokyo time) the note is gone and the button is Buy Now.
    const after = await (await getAt('/jp/flagship-bumblebee', '2025-08-31T15:00:00Z')).text();
    expect(after).not.toContain('data-note=');
    expect(after).not.toContain('2025年8月');
    expect(after).toContain('data-buy="buy"');
  });
});

describe('the closing call to action', () => {
  it('names the product over each of its buy buttons when it sells more than one (not two bare "Buy Now")', async () => {
    const html = await (await pageOf('us', 'k1-pro-interstellar-scout')).text();
    const cta = section(html, 'class="band cta');
    expect(pickAll(cta, /<span class="offer-choice-name" aria-hidden="true">([^<]+)<\/span>/)).toEqual(['K1', 'K1 Pro']);
    expect(pickAll(cta, /data-buy="(\w+)"/)).toEqual(['buy', 'buy']);
  });
});
