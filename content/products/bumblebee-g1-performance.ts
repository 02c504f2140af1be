import { artOf, type ProductPageInput } from './define';

const art = artOf('bumblebee-g1-performance');

/** Bumblebee G1 Performance: a content page; no published price, figures or anchors (docs/spec/content.md §2). */
export const BUMBLEBEE_G1_PERFORMANCE: ProductPageInput = {
  slug: 'bumblebee-g1-performance',
  product: 'bumblebeeG1Performance',
  sku: 'RLX-BG1-001',
  namespace: 'bumblebee-g1-performance',
  entry: 'overview',
  menu: ['overview', 'specs', 'gallery'],
  images: {
    hero: art('robot'),
    stage: art('stage'),
    beetle: art('beetle'),
  },
  figures: {},
  sections: [
    { kind: 'hero', id: 'overview', copy: 'hero', image: 'hero', offers: ['bumblebeeG1Performance'] },
    { kind: 'feature', copy: 'classic', image: 'beetle', items: ['look', 'colours', 'voice'] },
    { kind: 'feature', copy: 'perform', tone: 'accent', image: 'stage' },
    { kind: 'cards', copy: 'shows', items: [{ key: 'dance' }, { key: 'story' }, { key: 'custom' }] },
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
    { kind: 'gallery', id: 'gallery', copy: 'gallery', images: ['hero', 'stage', 'beetle'] },
    { kind: 'cta', copy: 'cta', offers: ['bumblebeeG1Performance'] },
  ],
};
