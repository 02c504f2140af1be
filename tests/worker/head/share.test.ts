import { describe, expect, it } from 'vitest';
import share from '../../../dist/share.json';
import { get, getAt, pick } from '../fetch';

// Share pictures (docs/decisions/0035): every product and campaign page names its build-made
// 1200 × 630 picture, in the edition's words, with its size and alt text, for Open Graph and X.

/** The share tags of a page's head. */
function shareTags(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (attr: 'property' | 'name', key: string) => pick(head, new RegExp(`<meta ${attr}="${key.replace(/:/g, ':')}" content="([^"]*)"`));
  return {
    image: meta('property', 'og:image'),
    width: meta('property', 'og:image:width'),
    height: meta('property', 'og:image:height'),
    alt: meta('property', 'og:image:alt'),
    twitter: meta('name', 'twitter:image'),
    twitterAlt: meta('name', 'twitter:image:alt'),
  };
}

describe('share pictures', () => {
  it.each([
    ['/us/flagship-megatron', 'localhost', 'http://localhost/images/share/flagship-megatron-', 'Flagship Megatron: The Decepticon leader'],
    ['/de/flagship-bumblebee', 'localhost', 'http://localhost/images/share/flagship-bumblebee-', 'Flagship Bumblebee: Der gelbe Sportwagen'],
    ['/jp/flagship-bumblebee', 'localhost', 'http://localhost/images/share/flagship-bumblebee-', 'フラッグシップ バンブルビー：'],
    ['/flagship-bumblebee', 'cn.localhost', 'http://cn.localhost/images/share/flagship-bumblebee-', '旗舰版大黄蜂：'],
    [
      '/us/k1-pro-interstellar-scout',
      'localhost',
      'http://localhost/images/share/k1-pro-interstellar-scout-',
      'K1 Pro Interstellar Scout: A pocket-sized scout',
    ],
  ])('%s on %s names its picture in the edition’s words, with size and alt, for Open Graph and X', async (path, host, prefix, alt) => {
    const tags = shareTags(await (await get(path, { host })).text());
    expect(tags.image?.startsWith(prefix), tags.image).toBe(true);
    expect(tags.image).toMatch(/-[0-9a-f]{12}\.jpg$/);
    expect(tags).toMatchObject({ width: '1200', height: '630', twitter: tags.image, twitterAlt: tags.alt });
    expect(tags.alt?.startsWith(alt), tags.alt).toBe(true);
    // No price on a picture every edition shares: the alt says what the picture says.
    expect(tags.alt).not.toMatch(/[$€£¥₩]|\d+[.,]\d\d/);
  });

  it('gives each language its own picture, and editions that say the same the same file', async () => {
    const src = async (path: string, host = 'localhost') => shareTags(await (await get(path, { host })).text()).image!.replace(/^http:\/\/[^/]+/, '');
    const [us, uk, de, jp] = await Promise.all(['/us', '/uk', '/de', '/jp'].map((r) => src(`${r}/flagship-bumblebee`)));
    expect(uk).toBe(us);
    expect(new Set([us, de, jp]).size).toBe(3);
  });

  it('shares a campaign page at a live moment with its own picture, and no tagline that quotes a price', async () => {
    const friday = shareTags(await (await getAt('/us/black-friday', '2024-11-29T12:00:00-05:00')).text());
    expect(friday.image).toMatch(/^http:\/\/localhost\/images\/share\/black-friday-[0-9a-f]{12}\.jpg$/);
    expect(friday.alt).toBe('Black Friday: Three stages of offers: Early Black Friday, Black Friday and Cyber Monday.');
    // Back to School's lede quotes a saving in dollars: the picture and its alt carry the name alone.
    expect(share['back-to-school'].us.alt).toBe('Back to School Sale');
  });

  it('names no share picture on pages that have none', async () => {
    for (const path of ['/us', '/us/support', '/us/login']) expect(shareTags(await (await get(path)).text()).image, path).toBeUndefined();
  });
});
