import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRODUCT_PAGES } from '../../content/products';

// Without a media host every video plays its own clip, animated from the product art
// (scripts/art/clips.ts) at the path the media host would serve: one for each video section.
const media = [
  ...new Set(
    PRODUCT_PAGES.flatMap((page) => [page, ...Object.values(page.editions ?? {})].flatMap((v) => v!.sections)).flatMap((s) =>
      s.kind === 'video' ? [s.media] : [],
    ),
  ),
];

describe('local clips', () => {
  it('exist for the videos the pages show', () => {
    expect(media).toContain('flagship-megatron/convert');
  });

  it.each(media)('%s is a small WebM and MP4', (name) => {
    const webm = readFileSync(`client/static/media/${name}.webm`);
    const mp4 = readFileSync(`client/static/media/${name}.mp4`);
    expect([...webm.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');
    for (const file of [webm, mp4]) expect(file.byteLength).toBeLessThan(200_000);
  });
});
