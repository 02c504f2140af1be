import { artOf, type ProductPageInput } from './define';

const art = artOf('ai-base');

/** The AI Base display base (docs/spec/content.md §2; its prices in docs/spec/platform.md §9). */
export const AI_BASE: ProductPageInput = {
  slug: 'ai-base',
  product: 'aiBase',
  sku: 'RLX-AIB-001',
  namespace: 'ai-base',
  entry: 'overview',
  // The spec's anchors Overview, Specs, Gallery, as lower-case ids like every other page.
  menu: ['overview', 'specs', 'gallery'],
  images: {
    hero: art('base'),
    robot: art('with-robot'),
    light: art('light'),
  },
  figures: {},
  sections: [
    { kind: 'hero', id: 'overview', copy: 'hero', image: 'hero', offers: ['aiBase'] },
    { kind: 'feature', copy: 'talk', image: 'robot', items: ['ask', 'react', 'remind'] },
    { kind: 'feature', copy: 'display', tone: 'dark', image: 'light' },
    { kind: 'feature', copy: 'pair', facts: [{ label: 'worksWith', copy: 'specs.values.worksWith' }] },
    { kind: 'price', id: 'price', copy: 'price', offers: ['aiBase', 'eliteOptimusPrimeAiBase'] },
    {
      kind: 'specs',
      id: 'specs',
      copy: 'specs',
      rows: [
        { label: 'type', copy: 'specs.values.type' },
        { label: 'worksWith', copy: 'specs.values.worksWith' },
        { label: 'control', copy: 'specs.values.control' },
      ],
    },
    { kind: 'gallery', id: 'gallery', copy: 'gallery', images: ['hero', 'robot', 'light'] },
    { kind: 'cta', copy: 'cta', offers: ['aiBase', 'eliteOptimusPrimeAiBase'] },
  ],
};
