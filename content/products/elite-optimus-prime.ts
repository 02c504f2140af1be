import { artOf, type ProductPageInput } from './define';

const art = artOf('elite-optimus-prime');

/** Elite Optimus Prime (docs/spec/content.md §2; its price in docs/spec/platform.md §9). */
export const ELITE_OPTIMUS_PRIME: ProductPageInput = {
  slug: 'elite-optimus-prime',
  product: 'eliteOptimusPrime',
  sku: 'RLX-EOP-001',
  namespace: 'elite-optimus-prime',
  entry: 'elite-banner',
  menu: ['elite-banner', 'specs', 'gallery'],
  images: {
    hero: art('robot'),
    truck: art('truck'),
    base: art('on-base'),
  },
  // The spec publishes no figures for the Elite model: its specs are stated, not counted.
  figures: {},
  sections: [
    { kind: 'hero', id: 'elite-banner', copy: 'banner', image: 'hero', offers: ['eliteOptimusPrime'] },
    { kind: 'feature', copy: 'design', image: 'truck', items: ['convert', 'detail', 'pose'] },
    { kind: 'feature', copy: 'app', tone: 'dark', items: ['control', 'program', 'perform'] },
    { kind: 'feature', copy: 'aiBase', image: 'base' },
    { kind: 'price', id: 'price', copy: 'price', offers: ['eliteOptimusPrime', 'eliteOptimusPrimeAiBase'] },
    { kind: 'chart', copy: 'chart', products: ['eliteOptimusPrime', 'flagshipOptimusPrime', 'eliteOptimusPrimeAiBase'] },
    {
      kind: 'specs',
      id: 'specs',
      copy: 'specs',
      rows: [
        { label: 'series', copy: 'specs.values.series' },
        { label: 'character', copy: 'specs.values.character' },
        { label: 'modes', copy: 'specs.values.modes' },
        { label: 'control', copy: 'specs.values.control' },
        { label: 'worksWith', copy: 'specs.values.worksWith' },
      ],
    },
    { kind: 'gallery', id: 'gallery', copy: 'gallery', images: ['hero', 'truck', 'base'] },
    { kind: 'cta', copy: 'cta', offers: ['eliteOptimusPrime', 'eliteOptimusPrimeAiBase'] },
  ],
};
