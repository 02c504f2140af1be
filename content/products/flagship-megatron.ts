import { artOf, type ProductPageInput } from './define';

const art = artOf('flagship-megatron');

/** Flagship Megatron, the Decepticon leader (docs/spec/content.md §2, §9). */
export const FLAGSHIP_MEGATRON: ProductPageInput = {
  slug: 'flagship-megatron',
  product: 'flagshipMegatron',
  sku: 'RLX-FM-001',
  namespace: 'flagship-megatron',
  entry: 'banner',
  menu: ['banner', 'megatron-specs', 'gallery'],
  images: {
    hero: art('robot'),
    tank: art('tank'),
    closeUp: art('close-up'),
    fire: art('fire'),
    videoPoster: art('video-poster', 960, 540),
  },
  figures: {
    chips: { n: 118 },
    servos: { n: 36 },
    leds: { n: 112 },
    tracks: { n: 4 },
    batteryMah: { n: 2700, unit: 'mAh' },
    voltage: { n: 11.1, unit: 'V' },
    charging: { n: 90, unit: 'min' },
    shells: { n: 4 },
    robotSpeed: { n: 5, unit: 'cmPerS' },
    tankSpeed: { n: 10, unit: 'cmPerS' },
    warranty: { n: 1, unit: 'year' },
    freeShippingOver: { money: { us: 99 } },
    // Expected delivery Q4 2025 (docs/spec/content.md §2): the schedule's `ships:` entry.
    delivery: { scheduled: 'ships:flagship-megatron' },
  },
  sections: [
    { kind: 'hero', id: 'banner', copy: 'banner', image: 'hero', offers: ['flagshipMegatron'] },
    { kind: 'video', copy: 'bannerVideo', poster: 'videoPoster', media: 'flagship-megatron/convert' },
    {
      kind: 'cards',
      copy: 'experience',
      items: [{ key: 'convert', image: 'tank' }, { key: 'drive' }, { key: 'fire', image: 'fire' }, { key: 'command' }],
      layout: 'carousel',
    },
    {
      kind: 'feature',
      copy: 'touch',
      tone: 'dark',
      facts: [
        { label: 'leds', figure: 'leds' },
        { label: 'servos', figure: 'servos' },
      ],
    },
    { kind: 'feature', copy: 'app', items: ['drive', 'convert', 'perform'] },
    {
      kind: 'cards',
      copy: 'actions',
      items: [
        { key: 'walk', image: 'hero' },
        { key: 'roll', image: 'tank' },
        { key: 'fire', image: 'fire' },
      ],
    },
    { kind: 'feature', copy: 'closeUp', image: 'closeUp', items: ['leds', 'tracks', 'shells'] },
    {
      kind: 'feature',
      copy: 'theater',
      tone: 'accent',
      facts: [
        { label: 'robotSpeed', figure: 'robotSpeed' },
        { label: 'tankSpeed', figure: 'tankSpeed' },
      ],
    },
    { kind: 'cards', copy: 'programming', items: [{ key: 'manual' }, { key: 'block' }, { key: 'voice' }] },
    { kind: 'feature', copy: 'voice', facts: [{ label: 'chips', figure: 'chips' }] },
    { kind: 'feature', copy: 'properties', tone: 'dark', items: ['chips', 'servos', 'leds', 'battery'] },
    { kind: 'price', id: 'price', copy: 'price', offers: ['flagshipMegatron'] },
    {
      kind: 'terms',
      copy: 'terms',
      items: [
        { key: 'preSale' },
        { key: 'delivery', figure: 'delivery' },
        { key: 'warranty', figure: 'warranty' },
        { key: 'shipping', figure: 'freeShippingOver' },
      ],
    },
    {
      kind: 'box',
      copy: 'box',
      items: [
        { key: 'robot', qty: 1 },
        { key: 'shells', qty: 'shells' },
        { key: 'charger', qty: 1 },
        { key: 'manual', qty: 1 },
      ],
    },
    {
      kind: 'specs',
      id: 'megatron-specs',
      copy: 'specs',
      rows: [
        { label: 'chips', figure: 'chips' },
        { label: 'servos', figure: 'servos' },
        { label: 'leds', figure: 'leds' },
        { label: 'tracks', figure: 'tracks' },
        { label: 'battery', figure: 'batteryMah' },
        { label: 'voltage', figure: 'voltage' },
        { label: 'charging', figure: 'charging' },
        { label: 'shells', figure: 'shells' },
        { label: 'robotSpeed', figure: 'robotSpeed' },
        { label: 'tankSpeed', figure: 'tankSpeed' },
      ],
    },
    { kind: 'gallery', id: 'gallery', copy: 'gallery', images: ['hero', 'tank', 'closeUp', 'fire'] },
    { kind: 'cta', copy: 'cta', offers: ['flagshipMegatron'] },
  ],
};
