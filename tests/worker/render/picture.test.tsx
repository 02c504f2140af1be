import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Picture, resolvePicture, variantPath, widthsOf, type ImageRef } from '../../../kernel/picture';
import { ctx, get } from '../fetch';

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
    ['/images/a/hero.jpg', 640, undefined, '/images/a/hero-640w.jpg'],
    ['/images/a/hero.jpg', 640, 'avif', '/images/a/hero-640w.avif'],
    ['/images/a.b/box.png', 320, 'webp', '/images/a.b/box-320w.webp'],
  ])('names the build variant of %s at %i px as %s (%s)', (src, width, ext, path) => {
    expect(variantPath(src, width, ext)).toBe(path);
  });

  it.each<[string, ImageRef, string, Partial<ReturnType<typeof resolvePicture>>]>([
    ['vector, local', art, '', { src: art.src, srcSet: undefined, sources: undefined }],
    ['vector, media host', art, MEDIA, { src: art.src, srcSet: undefined, sources: undefined }],
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
});

describe('picture markup', () => {
  // React also writes a preload for a high-priority image (hoisted into the head of a whole document): the element is what follows.
  const html = (image: ImageRef, origin: string, priority = false) => {
    const out = renderToString(<Picture image={resolvePicture(image, origin)} sizes="50vw" priority={priority} />);
    return out.slice(out.search(/<(img|picture)/));
  };

  it('draws a vector as one <img> with its size, lazily unless it is the first view’s largest', () => {
    expect(html(art, '')).toBe('<img src="/images/products/flagship-megatron/robot.svg" width="640" height="480" alt="Megatron" loading="lazy"/>');
    expect(html(art, MEDIA, true)).toBe(
      '<img src="/images/products/flagship-megatron/robot.svg" width="640" height="480" alt="Megatron" fetchPriority="high"/>',
    );
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
