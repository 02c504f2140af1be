import { artOf, type ProductPageInput } from './define';

const art = artOf('flagship-optimus-prime');

/** Flagship Optimus Prime, the Autobot leader: sold out (docs/spec/content.md §2, §4, §9). */
export const FLAGSHIP_OPTIMUS_PRIME: ProductPageInput = {
  slug: 'flagship-optimus-prime',
  product: 'flagshipOptimusPrime',
  sku: 'RLX-FOP-001',
  namespace: 'flagship-optimus-prime',
  entry: 'overview',
  menu: ['overview', 'specs'],
  images: {
    hero: art('robot'),
    truck: art('truck'),
    cab: art('cab'),
  },
  figures: {
    servos: { n: 27 },
    chips: { n: 60 },
    components: { n: 5000, plus: true },
    voiceCommands: { range: [39, 40] },
    // The card dialog: the wake phrase and 39 commands, 40 cards (the spec's "39-40").
    voiceCards: { n: 40 },
    soundEffects: { n: 80, plus: true },
    battery: { times: 2, n: 1200, unit: 'mAh' },
    connectivity: { text: 'BLE 4.2' },
  },
  sections: [
    { kind: 'hero', id: 'overview', copy: 'hero', image: 'hero', offers: ['flagshipOptimusPrime'] },
    { kind: 'feature', copy: 'convert', image: 'truck', items: ['auto', 'walk', 'roll'] },
    {
      kind: 'feature',
      copy: 'sound',
      tone: 'dark',
      facts: [
        { label: 'soundEffects', figure: 'soundEffects' },
        { label: 'voiceCommands', figure: 'voiceCommands' },
      ],
    },
    { kind: 'voice', id: 'voice', copy: 'voice', variant: 'cards', lists: [{ key: 'voice.commands', count: 'voiceCards' }] },
    { kind: 'feature', copy: 'craft', image: 'cab', items: ['paint', 'joints', 'lights'] },
    { kind: 'chart', copy: 'chart', products: ['flagshipOptimusPrime', 'eliteOptimusPrime', 'eliteOptimusPrimeAiBase'] },
    {
      kind: 'specs',
      id: 'specs',
      copy: 'specs',
      rows: [
        { label: 'servos', figure: 'servos' },
        { label: 'chips', figure: 'chips' },
        { label: 'components', figure: 'components' },
        { label: 'voiceCommands', figure: 'voiceCommands' },
        { label: 'soundEffects', figure: 'soundEffects' },
        { label: 'battery', figure: 'battery' },
        { label: 'connectivity', figure: 'connectivity' },
      ],
    },
    { kind: 'gallery', copy: 'gallery', images: ['hero', 'truck', 'cab'] },
    // Sold out: the shopper may leave an address for the restock (shown only while it is sold out).
    { kind: 'subscribe', copy: 'restock' },
    { kind: 'cta', copy: 'cta', offers: ['flagshipOptimusPrime'] },
  ],
};
