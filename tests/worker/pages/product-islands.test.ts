import { describe, expect, it } from 'vitest';
import { ISLAND_TRIGGER } from '../../../kernel/islands';
import { PRODUCT_PAGES, pageVariant } from '../../../content/products';
import { ctx, get, pick, pickAll } from '../fetch';

// The product pages' islands as the server writes them
// (docs/decisions/0024-product-page-islands.md): markers, props in the edition's words, what
// visitors without JavaScript get, and where videos stream from.

/** Island props as JSON: several shapes, read field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Props = Record<string, any>;

/** The props of every island named `name` on the page. */
const props = (html: string, name: string): Props[] =>
  pickAll(html, new RegExp(`data-island="${name}" data-props="([^"]*)"`)).map((json) =>
    JSON.parse(
      json
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    ),
  );

describe('product page islands', () => {
  it('marks a gallery island on every product page that has a gallery, with no trigger that loads React at idle', async () => {
    for (const page of PRODUCT_PAGES) {
      const html = await (await get(`/us/${page.slug}`)).text();
      if (!pageVariant(page, 'us').sections.some((s) => s.kind === 'gallery')) continue;
      expect(html, page.slug).toContain(`data-island="gallery" data-props=`);
    }
    for (const name of ['gallery', 'video', 'carousel', 'action-dialog'] as const) expect(ISLAND_TRIGGER[name]).not.toBe('idle');
  });

  it('gives the gallery island every picture with its alt text, and links each picture to its full image for visitors without JavaScript', async () => {
    const html = await (await get('/us/flagship-megatron')).text();
    const [gallery] = props(html, 'gallery');
    expect(gallery).toMatchObject({ heading: 'Gallery', close: 'Close', prev: 'Previous image', next: 'Next image', counter: '%n / %total' });
    const images = gallery!.images as { src: string; alt: string }[];
    expect(images.map((i) => i.src)).toEqual(['robot', 'tank', 'close-up', 'fire'].map((n) => `/images/products/flagship-megatron/${n}.svg`));
    for (const image of images) expect(image.alt).toMatch(/Megatron/);
    const gallerySection = pick(html, /<section id="gallery"[^>]*>([\s\S]*?)<\/section>/)!;
    expect(pickAll(gallerySection, /<a href="([^"]+)"/)).toEqual(images.map((i) => i.src));
  });

  it.each([
    ['de', 'Nächstes Bild', '%n / %total'],
    ['fr', 'Image suivante', '%n / %total'],
    ['jp', '次の画像', '%n / %total'],
  ] as const)('labels the lightbox in the edition’s language (%s)', async (region, next, counter) => {
    const html = await (await get(`/${region}/flagship-bumblebee`)).text();
    expect(props(html, 'gallery')[0]).toMatchObject({ next, counter });
    expect(html).not.toMatch(/\{\{/);
  });

  it('plays the local clip where no media host is configured, and offers the file itself without JavaScript', async () => {
    const html = await (await get('/us/flagship-megatron')).text();
    const [video] = props(html, 'video');
    expect(video).toMatchObject({ open: 'Watch Video', replay: 'Replay', fullscreen: 'Full screen', title: 'See Megatron convert' });
    expect(video!.sources).toEqual([
      { src: '/media/flagship-megatron/convert.webm', type: 'video/webm' },
      { src: '/media/flagship-megatron/convert.mp4', type: 'video/mp4' },
    ]);
    expect(html).toContain('<a class="video-file" href="/media/flagship-megatron/convert.webm">');
    // Megatron's poster is its own picture, with alt text.
    expect(html).toMatch(/<img src="\/images\/products\/flagship-megatron\/video-poster\.svg" alt="[^"]*Megatron[^"]*"/);
  });

  it('streams videos from the media host when MEDIA_ORIGIN is configured, and the CSP lets exactly it in', async () => {
    const { env } = await import('cloudflare:test');
    const { default: worker } = await import('../../../worker/index');
    const res = await worker.fetch(new Request('http://localhost/us/toy-story-buzz-lightyear'), { ...env, MEDIA_ORIGIN: 'https://media.example.com/' }, ctx);
    const videos = props(await res.text(), 'video');
    expect(videos.map((v) => (v.sources as { src: string }[])[0]!.src)).toEqual([
      'https://media.example.com/toy-story-buzz-lightyear/banner.webm',
      'https://media.example.com/toy-story-buzz-lightyear/scene.webm',
    ]);
    expect(res.headers.get('Content-Security-Policy')).toContain("media-src 'self' https://media.example.com");

    const local = await get('/us/toy-story-buzz-lightyear');
    expect(local.headers.get('Content-Security-Policy')).toContain("media-src 'self';");
  });

  it('ignores a MEDIA_ORIGIN that is not an origin, and pages keep the local clip', async () => {
    const { env } = await import('cloudflare:test');
    const { default: worker } = await import('../../../worker/index');
    const res = await worker.fetch(new Request('http://localhost/us/flagship-megatron'), { ...env, MEDIA_ORIGIN: 'javascript:alert(1)' }, ctx);
    expect(res.status).toBe(200);
    expect((props(await res.text(), 'video')[0]!.sources as { src: string }[])[0]!.src).toBe('/media/flagship-megatron/convert.webm');
  });

  it('gives Megatron’s experience carousel its four slides and localized carousel words', async () => {
    const html = await (await get('/us/flagship-megatron')).text();
    const [carousel] = props(html, 'carousel');
    expect(carousel).toMatchObject({ label: 'The Megatron experience', of: '%n of %total', carousel: 'carousel', slide: 'slide' });
    expect((carousel!.slides as { title: string }[]).map((s) => s.title)).toEqual([
      'Converts on command',
      'Rolls on 4 drive tracks',
      'Fires 4 projectile shells',
      'Takes your orders',
    ]);
    expect(html).toContain('aria-roledescription="carousel"');
    expect(pickAll(html, /aria-roledescription="slide" aria-label="([^"]+)"/)).toEqual(['1 of 4', '2 of 4', '3 of 4', '4 of 4']);
  });

  it('puts Grimlock’s action-programming steps in a dialog island and, for visitors without JavaScript, in a <details>', async () => {
    const html = await (await get('/us/grimlock-g1-flagship')).text();
    const [dialog] = props(html, 'action-dialog');
    expect(dialog).toMatchObject({ open: 'How action programming works', title: 'Action programming, step by step' });
    expect((dialog!.steps as { title: string }[]).map((s) => s.title)).toEqual(['Record', 'Sequence', 'Play', 'Share']);
    const fallback = pick(html, /<details class="steps-fallback">([\s\S]*?)<\/details>/)!;
    expect(pickAll(fallback, /<h3>([^<]+)<\/h3>/)).toEqual(['Record', 'Sequence', 'Play', 'Share']);
  });

  it('marks only the islands a page has: AI Base its gallery (and the US popup and the header’s account entry), no video, carousel or dialog', async () => {
    const html = await (await get('/us/ai-base')).text();
    expect([...new Set(pickAll(html, /data-island="([\w-]+)"/))].sort()).toEqual(['account-entry', 'gallery', 'new-user-popup']);
  });
});
