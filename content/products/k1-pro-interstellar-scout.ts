import { artOf, type ProductPageInput } from './define';

const art = artOf('k1-pro-interstellar-scout');

/** K1 and K1 Pro Interstellar Scout, on one page (docs/spec/content.md §2, §9). */
export const K1_PRO_INTERSTELLAR_SCOUT: ProductPageInput = {
  slug: 'k1-pro-interstellar-scout',
  product: 'k1ProInterstellarScout',
  sku: 'RLX-K1P-001',
  namespace: 'k1-pro-interstellar-scout',
  entry: 'overview',
  menu: ['overview', 'specs'],
  images: {
    hero: art('scout'),
    dance: art('dance'),
    pair: art('pair'),
  },
  figures: {
    servos: { n: 17 },
    chips: { n: 40 },
    parts: { n: 1700, plus: true },
    weight: { n: 0.94, unit: 'kg' },
    batteryMah: { n: 2000, unit: 'mAh' },
    connectivity: { text: 'BLE 4.2' },
    dances: { n: 9 },
    k1VoiceCommands: { n: 41 },
    k1Actions: { n: 44 },
    k1ProVoiceCommands: { n: 81 },
    k1ProActions: { n: 75 },
  },
  sections: [
    { kind: 'hero', id: 'overview', copy: 'hero', image: 'hero', offers: ['interstellarScoutK1', 'k1ProInterstellarScout'] },
    { kind: 'feature', copy: 'scout', image: 'pair', items: ['walk', 'talk', 'learn'] },
    { kind: 'feature', copy: 'dance', tone: 'accent', image: 'dance' },
    {
      kind: 'voice',
      id: 'voice',
      copy: 'voice',
      variant: 'cards',
      lists: [
        { key: 'voice.k1', count: 'k1VoiceCommands', title: 'voice.k1Title' },
        { key: 'voice.k1Pro', count: 'k1ProVoiceCommands', title: 'voice.k1ProTitle' },
      ],
    },
    {
      kind: 'compare',
      id: 'compare',
      copy: 'compare',
      rows: [
        { specs: 'voiceCommands', description: { figure: 'k1VoiceCommands' }, descriptionExt: { figure: 'k1ProVoiceCommands' } },
        { specs: 'actions', description: { figure: 'k1Actions' }, descriptionExt: { figure: 'k1ProActions' } },
        { specs: 'dances', description: { figure: 'dances' }, descriptionExt: { figure: 'dances' } },
        { specs: 'servos', description: { figure: 'servos' }, descriptionExt: { figure: 'servos' } },
        { specs: 'chips', description: { figure: 'chips' }, descriptionExt: { figure: 'chips' } },
        { specs: 'programming', description: { copy: 'compare.values.k1Programming' }, descriptionExt: { copy: 'compare.values.k1ProProgramming' } },
      ],
    },
    {
      kind: 'specs',
      id: 'specs',
      copy: 'specs',
      rows: [
        { label: 'servos', figure: 'servos' },
        { label: 'chips', figure: 'chips' },
        { label: 'parts', figure: 'parts' },
        { label: 'weight', figure: 'weight' },
        { label: 'battery', figure: 'batteryMah' },
        { label: 'connectivity', figure: 'connectivity' },
        { label: 'dances', figure: 'dances' },
      ],
    },
    { kind: 'price', id: 'price', copy: 'price', offers: ['interstellarScoutK1', 'k1ProInterstellarScout'] },
    { kind: 'gallery', copy: 'gallery', images: ['hero', 'dance', 'pair'] },
    { kind: 'cta', copy: 'cta', offers: ['interstellarScoutK1', 'k1ProInterstellarScout'] },
  ],
};
