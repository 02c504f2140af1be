import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Picture, artWidths, artWidthsOfFile, islandPicture, resolvePicture, variantPath, widthsOf, type ImageRef } from '../../../kernel/picture';
import { ctx, get, getAt, pickAll } from '../fetch';

// The one image component (kernel/picture.tsx, docs/decisions/0035): the URLs it emits with
// and without a media host, by table, and the markup pages carry.

const MEDIA = 'https://media.robolux.com';
const photo: ImageRef = { src: '/images/products/flagship-megatron/hero.jpg', width: 1600, height: 1200, alt: 'Megatron' };
const small: ImageRef = { src: '/images/p/box.png', width: 480, height: 480, alt: 'Box' };
const art: ImageRef = { src: '/images/products/flagship-megatron/robot.svg', width: 640, height: 480, alt: 'Megatron' };

describe('picture URLs', () => {
  it.each([
    [1600, [320, 640, 960, 1280, 1600]],
    [1920, [320, 640, 960, 1280, 1920]],
    [2400, [320, 640, 960, 1280, 1920, 2400]],
    [640, [320, 640]],
    [200, [200]],
  ])('offers a raster %i px wide in widths %j (never wider than itself)', (width, widths) => {
    expect(widthsOf(width)).toEqual(widths);
  });

  it.each([
    [18, [48], [48, 96]],
    [32, [48, 96], [48, 96]],
    [120, [96, 160, 240], [48, 96, 160, 240]],
    [700, [480, 640, 960, 1280, 1920], [240, 320, 480, 640, 960, 1280, 1920]],
    [48, [48, 96], [48, 96]],
    [240, [160, 240, 320, 480], [96, 160, 240, 320, 480]],
    [640, [320, 480, 640, 960, 1280], [160, 240, 320, 480, 640, 960, 1280]],
    [1200, [640, 960, 1280, 1920], [320, 480, 640, 960, 1280, 1920]],
  ])('offers a drawing shown %i px wide in widths %j; the build draws a file that wide in %j', (width, offered, drawn) => {
    expect(artWidths(width)).toEqual(offered);
    expect(artWidthsOfFile(width)).toEqual(drawn);
    // A file drawn at its own width covers every size a page may show it at: its own down to half.
    for (const shown of [width, width * 0.75, width / 2, Math.max(width, 48)]) for (const w of artWidths(shown)) expect(drawn).toContain(w);
  });

  it.each([
    ['/images/a/hero.jpg', 640, undefined, '/images/a/hero-640w.jpg'],
    ['/images/a/hero.jpg', 640, 'avif', '/images/a/hero-640w.avif'],
    ['/images/a.b/box.png', 320, 'webp', '/images/a.b/box-320w.webp'],
  ])('names the build variant of %s at %i px as %s (%s)', (src, width, ext, path) => {
    expect(variantPath(src, width, ext)).toBe(path);
  });

  it.each<[string, ImageRef, string, Partial<ReturnType<typeof resolvePicture>>]>([
    ...[
      ['vector, local', ''],
      ['vector, media host (the art stays on this site)', MEDIA],
    ].map(([name, origin]): [string, ImageRef, string, Partial<ReturnType<typeof resolvePicture>>] => [
      name!,
      art,
      origin!,
      {
        src: art.src,
        srcSet: [320, 480, 640, 960, 1280].map((w) => `/images/products/flagship-megatron/robot-${w}w.png ${w}w`).join(', '),
        sources: [{ type: 'image/webp', srcSet: [320, 480, 640, 960, 1280].map((w) => `/images/products/flagship-megatron/robot-${w}w.webp ${w}w`).join(', ') }],
      },
    ]),
    [
      'raster, media host',
      photo,
      MEDIA,
      {
        src: `${MEDIA}/cdn-cgi/image/format=auto,width=1600,quality=80/images/products/flagship-megatron/hero.jpg`,
        srcSet: [320, 640, 960, 1280, 1600]
          .map((w) => `${MEDIA}/cdn-cgi/image/format=auto,width=${w},quality=80/images/products/flagship-megatron/hero.jpg ${w}w`)
          .join(', '),
        sources: undefined,
      },
    ],
    [
      'raster, local',
      small,
      '',
      {
        src: '/images/p/box.png',
        srcSet: '/images/p/box-320w.png 320w, /images/p/box-480w.png 480w',
        sources: [
          { type: 'image/avif', srcSet: '/images/p/box-320w.avif 320w, /images/p/box-480w.avif 480w' },
          { type: 'image/webp', srcSet: '/images/p/box-320w.webp 320w, /images/p/box-480w.webp 480w' },
        ],
      },
    ],
  ])('%s', (_, image, origin, expected) => {
    const resolved = resolvePicture(image, origin);
    expect(resolved).toMatchObject({ width: image.width, height: image.height, alt: image.alt });
    for (const [key, value] of Object.entries(expected)) expect(resolved[key as keyof typeof resolved], key).toEqual(value);
  });

  it('resolves a file once per width and media host, each picture keeping its own alt and height', () => {
    const first = resolvePicture({ ...art, alt: 'Megatron, robot form' }, '');
    const again = resolvePicture({ ...art, alt: 'Megatron', height: 300 }, '');
    expect([first.alt, again.alt, again.height]).toEqual(['Megatron, robot form', 'Megatron', 300]);
    expect(again.srcSet).toBe(first.srcSet);
    expect(resolvePicture(art, MEDIA).src).toBe(art.src);
    expect(resolvePicture({ ...art, width: 48 }, '').srcSet).toBe('/images/products/flagship-megatron/robot-48w.png 48w, /images/products/flagship-megatron/robot-96w.png 96w');
  });
});

describe('picture markup', () => {
  // React also writes a preload for a high-priority image (hoisted into the head of a whole document): the element is what follows.
  const html = (image: ImageRef, origin: string, priority = false) => {
    const out = renderToString(<Picture image={resolvePicture(image, origin)} sizes="50vw" priority={priority} />);
    return out.slice(out.search(/<(img|picture)/));
  };

  it('draws a vector as a <picture> of its WebP, then PNG widths, the SVG for a browser without srcset, lazily unless it is the first view’s largest', () => {
    const png = [320, 480, 640, 960, 1280].map((w) => `/images/products/flagship-megatron/robot-${w}w.png ${w}w`).join(', ');
    const webp = png.replaceAll('.png', '.webp');
    expect(html(art, '')).toBe(
      `<picture><source type="image/webp" srcSet="${webp}" sizes="50vw"/><img src="/images/products/flagship-megatron/robot.svg" width="640" height="480" alt="Megatron" srcSet="${png}" sizes="50vw" loading="lazy"/></picture>`,
    );
    expect(html(art, MEDIA, true)).toContain('alt="Megatron" srcSet="/images/products/flagship-megatron/robot-320w.png 320w');
    expect(html(art, MEDIA, true)).toMatch(/sizes="50vw" fetchPriority="high"\/><\/picture>$/);
  });

  it('gives an island the SVG itself, and a photograph its widths', () => {
    expect(islandPicture(resolvePicture(art, ''), '50vw')).toEqual(art);
    expect(islandPicture(resolvePicture(small, ''), '50vw')).toEqual({ ...small, srcSet: '/images/p/box-320w.png 320w, /images/p/box-480w.png 480w', sizes: '50vw' });
  });

  it('gives a local raster a <picture> of AVIF, then WebP, then its own format, with sizes on each', () => {
    const out = html(small, '');
    expect(out).toMatch(/^<picture><source type="image\/avif" srcSet="[^"]+" sizes="50vw"\/><source type="image\/webp" srcSet="[^"]+" sizes="50vw"\/><img /);
    expect(out).toContain('alt="Box" srcSet="/images/p/box-320w.png 320w, /images/p/box-480w.png 480w" sizes="50vw" loading="lazy"/></picture>');
  });

  it('gives a raster on the media host one <img> whose widths go through Image Transformations (format=auto picks AVIF, WebP or the original)', () => {
    const out = html(photo, MEDIA, true);
    expect(out).not.toContain('<picture');
    expect(out).toMatch(
      /^<img src="https:\/\/media\.robolux\.com\/cdn-cgi\/image\/format=auto,width=1600,quality=80\/images\/[^"]+" width="1600" height="1200" alt="Megatron" srcSet="[^"]+ 320w, [^"]+ 1600w" sizes="50vw"/,
    );
    expect(out).toContain('fetchPriority="high"');
    expect(out).not.toContain('loading=');
  });
});

describe('pictures on a product page', () => {
  it('loads the hero at once and first, and every other picture lazily', async () => {
    const page = await (await get('/us/flagship-megatron')).text();
    const imgs = [...page.matchAll(/<img [^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes('/images/products/'));
    const hero = imgs.filter((tag) => tag.includes('class="hero-art"'));
    expect(hero).toHaveLength(1);
    expect(hero[0]).toContain('fetchPriority="high"');
    expect(hero[0]).not.toContain('loading=');
    const rest = imgs.filter((tag) => !tag.includes('class="hero-art"'));
    expect(rest.length).toBeGreaterThan(5);
    for (const tag of rest) {
      expect(tag).toContain('loading="lazy"');
      expect(tag).not.toContain('fetchPriority');
      expect(tag).toMatch(/ width="\d+" height="\d+"/);
    }
  });

  it('lets the media host’s pictures in through the CSP when MEDIA_ORIGIN is configured, and only then', async () => {
    const { env } = await import('cloudflare:test');
    const { default: worker } = await import('../../../worker/index');
    const res = await worker.fetch(new Request('http://localhost/us/flagship-megatron'), { ...env, MEDIA_ORIGIN: MEDIA }, ctx);
    expect(res.headers.get('Content-Security-Policy')).toContain(`img-src 'self' data: ${MEDIA}`);
    const local = await get('/us/flagship-megatron');
    expect(local.headers.get('Content-Security-Policy')).toMatch(/img-src 'self' data:;/);
  });
});

// Decision 0049: a drawing comes as the build's PNG and WebP widths, which a phone decodes off
// its main thread; each width a page offers must be there, or the browser that picks it shows
// nothing.
describe('drawings as the pages offer them', () => {
  it.each([
    ['/us', undefined],
    ['/jp/flagship-bumblebee', undefined],
    ['/de/black-friday', '2024-11-30T12:00:00Z'],
    ['/fr/christmas-sale', '2024-12-10T12:00:00Z'],
    ['/us/back-to-school', '2025-08-20T04:00:00Z'],
  ] as const)('%s: every width of every drawing is served, in the format it names', async (path, at) => {
    const html = await (at ? getAt(path, at) : get(path)).then((res) => res.text());
    const sets = pickAll(html, /srcSet="([^"]+)"/g);
    const urls = [...new Set(sets.flatMap((set) => set.split(', ').map((entry) => entry.split(' ')[0]!)))].filter((url) => url.startsWith('/images/'));
    expect(urls.length, path).toBeGreaterThan(10);
    // Static files are the asset router's, in front of the worker: asked of it, as a browser's request is.
    const { env } = await import('cloudflare:test');
    for (const url of urls) {
      const res = await env.ASSETS.fetch(`http://localhost${url}`);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('Content-Type'), url).toBe(url.endsWith('.webp') ? 'image/webp' : 'image/png');
      await res.arrayBuffer();
    }
    // The first view's largest picture (hero or banner) is one of them, asked for first.
    expect(html, path).toMatch(/<picture><source type="image\/webp" srcSet="[^"]+" sizes="[^"]+"\/><img [^>]*fetchPriority="high"\/><\/picture>/);
  });
});

