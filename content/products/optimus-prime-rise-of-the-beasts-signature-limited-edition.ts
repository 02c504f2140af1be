import { artOf, type ProductPageInput } from './define';
import type { Section } from '../schema/product';

const art = artOf('optimus-prime-rise-of-the-beasts-signature-limited-edition');

// Sections both editions show, in the order each page has them (docs/spec/content.md §2).
const HERO: Section = {
  kind: 'hero',
  id: 'overview',
  copy: 'keyVisual',
  image: 'hero',
  offers: ['optimusPrimeRiseOfTheBeastsSignatureLimitedEdition'],
};
const VIDEO: Section = { kind: 'video', copy: 'video', poster: 'hero', media: 'optimus-prime-limited-edition/key-visual' };
const SLOGAN: Section = { kind: 'feature', copy: 'slogan', tone: 'dark', facts: [{ label: 'editionSize', figure: 'editionSize' }] };
const SELLING_POINTS: Section = {
  kind: 'cards',
  copy: 'sellingPoints',
  items: [{ key: 'servos' }, { key: 'chips' }, { key: 'motion' }, { key: 'gyro' }],
};
const PROGRAMMABLE: Section = { kind: 'feature', copy: 'programmable', image: 'truck', items: ['block', 'record', 'share'] };
const VOICE: Section = { kind: 'voice', id: 'voice', copy: 'voice', variant: 'numbered', lists: [{ key: 'voice.commands', count: 'voiceCommands' }] };
const APP: Section = {
  kind: 'feature',
  copy: 'app',
  tone: 'accent',
  facts: [
    { label: 'connectivity', figure: 'connectivity' },
    { label: 'voiceCommands', figure: 'voiceCommands' },
  ],
};
const GALLERY: Section = { kind: 'gallery', id: 'gallery', copy: 'gallery', images: ['hero', 'truck', 'plate', 'box'] };
const SUPPORT: Section = { kind: 'feature', copy: 'support', items: ['warranty', 'app', 'service'] };
const PRICE: Section = {
  kind: 'price',
  id: 'price',
  copy: 'price',
  offers: ['optimusPrimeRiseOfTheBeastsSignatureLimitedEdition'],
  points: ['standard', 'limited', 'presale'],
};

/** Optimus Prime Rise of the Beasts Signature Limited Edition; its Chinese page has its own sections. */
export const OPTIMUS_PRIME_LIMITED_EDITION: ProductPageInput = {
  slug: 'optimus-prime-rise-of-the-beasts-signature-limited-edition',
  product: 'optimusPrimeRiseOfTheBeastsSignatureLimitedEdition',
  sku: 'RLX-OPL-001',
  namespace: 'optimus-prime-rise-of-the-beasts-signature-limited-edition',
  entry: 'overview',
  menu: ['overview', 'specs'],
  images: {
    hero: art('robot'),
    truck: art('truck'),
    plate: art('plate', 240, 240),
    box: art('box', 240, 240),
    certificate: art('certificate', 240, 240),
    figure: art('figure', 240, 240),
    charger: art('charger', 240, 240),
  },
  figures: {
    editionSize: { n: 3000, unit: 'unit' },
    perCustomer: { n: 1 },
    servos: { n: 21 },
    chips: { n: 69 },
    gyroAxes: { n: 6 },
    motion: { n: 40, plus: true },
    voiceCommands: { n: 16 },
    connectivity: { text: 'BLE 5.0' },
    port: { term: 'usbC' },
    batteryMah: { n: 1650, unit: 'mAh' },
    weight: { n: 1.6, unit: 'kg' },
    adapter: { n: 30, unit: 'W' },
    dimensions: { dims: [135, 237, 423], unit: 'mm' },
    // Pre-order 2023-05-25 to 2023-07-25, early bird until 2023-07-24, shipment 2023 Q4
    // (docs/spec/content.md §4), as the schedule's dated words (content/schedule.ts, `dates`).
    preOrder: {
      scheduledRange: [
        'pre-order-opens:optimus-prime-rise-of-the-beasts-signature-limited-edition',
        'pre-order-closes:optimus-prime-rise-of-the-beasts-signature-limited-edition',
      ],
    },
    earlyBird: { scheduled: 'early-bird:optimus-prime-rise-of-the-beasts-signature-limited-edition' },
    shipping: { scheduled: 'ships:optimus-prime-rise-of-the-beasts-signature-limited-edition' },
  },
  sections: [
    HERO,
    VIDEO,
    SLOGAN,
    SELLING_POINTS,
    PROGRAMMABLE,
    VOICE,
    APP,
    GALLERY,
    {
      kind: 'specs',
      id: 'specs',
      copy: 'specs',
      rows: [
        { label: 'editionSize', figure: 'editionSize' },
        { label: 'servoMotors', figure: 'servos' },
        { label: 'chips', figure: 'chips' },
        { label: 'gyroscope', copy: 'specs.gyroValue' },
        { label: 'motionMechanisms', figure: 'motion' },
        { label: 'connectivity', figure: 'connectivity' },
        { label: 'port', figure: 'port' },
        { label: 'battery', figure: 'batteryMah' },
        { label: 'weight', figure: 'weight' },
        { label: 'adapter', figure: 'adapter' },
        { label: 'dimensions', figure: 'dimensions' },
        { label: 'voiceCommands', figure: 'voiceCommands' },
      ],
    },
    SUPPORT,
    {
      kind: 'compareCards',
      copy: 'comparison',
      rows: [
        { key: 'robot', image: 'figure', size: 96, standard: true, limited: true },
        { key: 'charger', image: 'charger', size: 72, standard: true, limited: true },
        { key: 'plate', image: 'plate', size: 72, standard: false, limited: true },
        { key: 'certificate', image: 'certificate', size: 72, standard: false, limited: true },
        { key: 'box', image: 'box', size: 96, standard: false, limited: true },
      ],
    },
    {
      kind: 'feature',
      copy: 'license',
      tone: 'dark',
      facts: [
        { label: 'weight', figure: 'weight' },
        { label: 'dimensions', figure: 'dimensions' },
      ],
    },
    {
      kind: 'timeline',
      copy: 'timeline',
      items: [
        { key: 'preOrder', at: 'preOrder' },
        { key: 'earlyBird', at: 'earlyBird' },
        { key: 'shipping', at: 'shipping' },
      ],
    },
    // The early-bird offer while it runs: its deadline and the presale price against the
    // limited edition's retail price (content/catalogue.ts), as key figures (decision 0047).
    {
      kind: 'feature',
      copy: 'earlyBird',
      tone: 'accent',
      shownWhile: 'earlyBird',
      facts: [
        { label: 'presalePrice', copy: 'earlyBird.presale' },
        { label: 'presaleSaving', copy: 'earlyBird.saving' },
        { label: 'earlyBirdEnds', figure: 'earlyBird' },
      ],
    },
    PRICE,
    {
      kind: 'terms',
      copy: 'terms',
      items: [
        { key: 'units', figure: 'editionSize' },
        { key: 'perCustomer', figure: 'perCustomer' },
      ],
    },
    {
      kind: 'cards',
      copy: 'accessories',
      items: [
        { key: 'plate', image: 'plate' },
        { key: 'certificate', image: 'certificate' },
        { key: 'box', image: 'box' },
      ],
    },
    { kind: 'cta', copy: 'cta', offers: ['optimusPrimeRiseOfTheBeastsSignatureLimitedEdition'] },
  ],
  editions: {
    // The Chinese page (docs/spec/content.md §2: overview header, key visual, slogan, selling
    // points, programmable, voice interactions, app, gallery, specs, support; the rest is
    // not shown, so the page ends with its price, sold only during the pre-sale).
    cn: {
      menu: ['overview', 'specs'],
      sections: [
        HERO,
        VIDEO,
        SLOGAN,
        SELLING_POINTS,
        PROGRAMMABLE,
        VOICE,
        APP,
        GALLERY,
        {
          kind: 'specs',
          id: 'specs',
          copy: 'specs',
          rows: [
            { label: 'joints', figure: 'servos' },
            { label: 'chips', figure: 'chips' },
            { label: 'movingParts', figure: 'motion' },
            { label: 'voiceCommands', figure: 'voiceCommands' },
            { label: 'weight', figure: 'weight' },
            { label: 'battery', figure: 'batteryMah' },
            { label: 'connectivity', figure: 'connectivity' },
            { label: 'port', figure: 'port' },
          ],
        },
        SUPPORT,
        PRICE,
      ],
    },
  },
};
