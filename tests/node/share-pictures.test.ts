import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PRODUCT_PAGES } from '../../content/products';

// The build's share pictures (scripts/build/pictures.ts, docs/decisions/0035): one for every product
// page and campaign in every edition that has it, each a 1200 × 630 JPEG small enough to share.

const share = JSON.parse(readFileSync('dist/share.json', 'utf8')) as Record<string, Record<string, { src: string; alt: string }>>;

describe('share pictures', () => {
  it('cover every product page and the three campaigns', () => {
    expect(Object.keys(share).sort()).toEqual([...PRODUCT_PAGES.map((p) => p.slug), 'back-to-school', 'black-friday', 'christmas-sale'].sort());
  });

  const files = [...new Set(Object.values(share).flatMap((byRegion) => Object.values(byRegion).map((p) => p.src)))];
  it.each(files)('%s is a 1200 × 630 JPEG under 80 kB', async (src) => {
    const file = join('dist/client', src);
    expect(existsSync(file)).toBe(true);
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect(readFileSync(file).byteLength).toBeLessThan(80_000);
  });
});

describe('photograph variants', () => {
  it('writes each photograph’s widths in AVIF, WebP and its own format where the image component names them', { timeout: 60_000 }, async () => {
    const { mkdtempSync, mkdirSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { photoVariants } = await import('../../scripts/build/pictures');
    const { resolvePicture } = await import('../../kernel/picture');
    const dir = mkdtempSync(join(tmpdir(), 'photos-'));
    mkdirSync(join(dir, 'static/products'), { recursive: true });
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c8162f' } })
      .jpeg()
      .toFile(join(dir, 'static/products/hero.jpg'));

    expect(await photoVariants(join(dir, 'static'), join(dir, 'out'))).toBe(3 * 3);
    const picture = resolvePicture({ src: '/images/products/hero.jpg', width: 800, height: 600, alt: '' }, '');
    const named = [picture.srcSet!, ...picture.sources!.map((s) => s.srcSet)].flatMap((set) =>
      set.split(', ').map((entry) => entry.split(' ') as [string, string]),
    );
    expect(named).toHaveLength(9);
    for (const [url, w] of named) {
      const meta = await sharp(join(dir, 'out', url.slice('/images/'.length))).metadata();
      expect(`${meta.width}w`, url).toBe(w);
      expect(meta.format, url).toBe(url.endsWith('.avif') ? 'heif' : url.endsWith('.webp') ? 'webp' : 'jpeg');
    }
  });
});
