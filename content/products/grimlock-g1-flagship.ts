import { artOf, type ProductPageInput } from './define';

const art = artOf('grimlock-g1-flagship');

/** Grimlock flagship, the dinosaur character (docs/spec/content.md §2, §4, §9). */
export const GRIMLOCK_G1_FLAGSHIP: ProductPageInput = {
  slug: 'grimlock-g1-flagship',
  product: 'grimlockG1Flagship',
  sku: 'RLX-GG1-001',
  namespace: 'grimlock-g1-flagship',
  entry: 'header',
  // The spec's menu targets, as real element ids.
  menu: ['HardwareTech', 'SoftwareAbility', 'ProductDetails'],
  images: {
    hero: art('dinosaur'),
    robot: art('robot'),
    jaw: art('jaw'),
  },
  figures: {
    servos: { n: 34 },
    chips: { n: 85 },
    batteryMah: { n: 2500, unit: 'mAh' },
    audioLines: { n: 150, plus: true },
    voiceCommands: { n: 42 },
    charging: { n: 90, unit: 'min' },
    // The pre-order timeline (docs/spec/content.md §4): 19 Jul 2023, 30 Sep 2023, 1 Oct 2023,
    // late fall 2023, as the schedule's dated words (content/schedule.ts, `dates`).
    preOrderStart: { scheduled: 'pre-order-opens:grimlock-g1-flagship' },
    preOrderEnd: { scheduled: 'pre-order-closes:grimlock-g1-flagship' },
    regularPrice: { scheduled: 'regular-price:grimlock-g1-flagship' },
    shipping: { scheduled: 'ships:grimlock-g1-flagship' },
  },
  sections: [
    { kind: 'hero', id: 'header', copy: 'hero', image: 'hero', offers: ['grimlockG1Flagship'] },
    { kind: 'feature', copy: 'convert', image: 'robot', items: ['robot', 'dinosaur', 'roar'] },
    { kind: 'feature', id: 'HardwareTech', copy: 'hardware', tone: 'dark', image: 'jaw', items: ['servos', 'chips', 'battery'] },
    { kind: 'feature', id: 'SoftwareAbility', copy: 'software', items: ['app', 'voice', 'actions'] },
    {
      kind: 'cards',
      copy: 'actions',
      items: [{ key: 'record' }, { key: 'sequence' }, { key: 'play' }, { key: 'share' }],
      layout: 'dialog',
    },
    { kind: 'voice', id: 'voice', copy: 'voice', variant: 'list', lists: [{ key: 'voice.commands', count: 'voiceCommands' }] },
    {
      kind: 'specs',
      id: 'ProductDetails',
      copy: 'details',
      rows: [
        { label: 'servos', figure: 'servos' },
        { label: 'chips', figure: 'chips' },
        { label: 'battery', figure: 'batteryMah' },
        { label: 'charging', figure: 'charging' },
        { label: 'audioLines', figure: 'audioLines' },
        { label: 'voiceCommands', figure: 'voiceCommands' },
      ],
    },
    { kind: 'price', id: 'price', copy: 'price', offers: ['grimlockG1Flagship'] },
    {
      kind: 'timeline',
      copy: 'timeline',
      items: [
        { key: 'start', at: 'preOrderStart' },
        { key: 'end', at: 'preOrderEnd' },
        { key: 'regular', at: 'regularPrice' },
        { key: 'shipping', at: 'shipping' },
      ],
    },
    { kind: 'gallery', copy: 'gallery', images: ['hero', 'robot', 'jaw'] },
    { kind: 'faq', id: 'faq', copy: 'faq', items: ['convert', 'charge', 'program', 'voice', 'collectible'] },
    { kind: 'cta', copy: 'cta', offers: ['grimlockG1Flagship'] },
  ],
};
