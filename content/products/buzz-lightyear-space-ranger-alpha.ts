import { artOf, type ProductPageInput } from './define';

const art = artOf('buzz-lightyear-space-ranger-alpha');

/** Buzz Lightyear Space Ranger Alpha: no published price or figures (docs/spec/content.md §2). */
export const BUZZ_LIGHTYEAR_SPACE_RANGER_ALPHA: ProductPageInput = {
  slug: 'buzz-lightyear-space-ranger-alpha',
  product: 'buzzLightyearSpaceRangerAlpha',
  sku: 'RLX-SRA-001',
  namespace: 'buzz-lightyear-space-ranger-alpha',
  entry: 'overview',
  menu: ['overview', 'specs', 'gallery'],
  images: {
    hero: art('ranger'),
    salute: art('salute'),
    suit: art('suit'),
  },
  figures: {},
  sections: [
    { kind: 'hero', id: 'overview', copy: 'hero', image: 'hero', offers: ['buzzLightyearSpaceRangerAlpha'] },
    { kind: 'feature', copy: 'mission', image: 'salute', items: ['patrol', 'report', 'rescue'] },
    { kind: 'feature', copy: 'suit', tone: 'dark', image: 'suit' },
    { kind: 'feature', copy: 'play', items: ['app', 'voice', 'program'] },
    {
      kind: 'specs',
      id: 'specs',
      copy: 'specs',
      rows: [
        { label: 'series', copy: 'specs.values.series' },
        { label: 'character', copy: 'specs.values.character' },
        { label: 'control', copy: 'specs.values.control' },
        { label: 'programming', copy: 'specs.values.programming' },
      ],
    },
    { kind: 'gallery', id: 'gallery', copy: 'gallery', images: ['hero', 'salute', 'suit'] },
    { kind: 'cta', copy: 'cta', offers: ['buzzLightyearSpaceRangerAlpha'] },
  ],
};
