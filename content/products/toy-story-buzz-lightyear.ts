import { artOf, type ProductPageInput } from './define';

const art = artOf('toy-story-buzz-lightyear');

/** Toy Story Buzz Lightyear (docs/spec/content.md §2, §9; prices in docs/decisions/0006). */
export const TOY_STORY_BUZZ_LIGHTYEAR: ProductPageInput = {
  slug: 'toy-story-buzz-lightyear',
  product: 'toyStoryBuzzLightyear',
  sku: 'RLX-TSB-001',
  namespace: 'toy-story-buzz-lightyear',
  entry: 'banner',
  menu: ['banner', 'specs', 'gallery'],
  images: {
    hero: art('ranger'),
    wings: art('wings'),
    helmet: art('helmet'),
    scene: art('scene'),
  },
  figures: {
    servos: { n: 23 },
    chips: { n: 75 },
    components: { n: 3000, plus: true },
    audioClips: { n: 200, plus: true },
    voiceCommands: { n: 34 },
    voltage: { n: 11.1, unit: 'V' },
    batteryMah: { n: 1900, unit: 'mAh' },
    netWeight: { n: 1.7, unit: 'kg' },
    packagedWeight: { n: 3.9, unit: 'kg' },
    charging: { n: 90, unit: 'min' },
    connectivity: { text: 'Wi-Fi 2.4G + Bluetooth 5.0' },
    // Store guarantees on this page (docs/spec/content.md §9); France follows the EU's 14 days.
    returnDays: { byRegion: { us: 30, uk: 14, eu: 14, fr: 14, de: 14 }, unit: 'day' },
  },
  sections: [
    { kind: 'hero', id: 'banner', copy: 'banner', image: 'hero', offers: ['toyStoryBuzzLightyear'] },
    { kind: 'video', copy: 'video', poster: 'hero', media: 'toy-story-buzz-lightyear/banner' },
    { kind: 'feature', copy: 'description', items: ['talk', 'move', 'program'] },
    { kind: 'feature', copy: 'appearance', image: 'helmet', tone: 'dark' },
    { kind: 'voice', id: 'interaction', copy: 'interaction', variant: 'list', lists: [{ key: 'interaction.commands', count: 'voiceCommands' }] },
    { kind: 'cards', copy: 'modules', items: [{ key: 'remote' }, { key: 'missions' }, { key: 'editor' }, { key: 'dance' }] },
    {
      kind: 'feature',
      copy: 'editor',
      tone: 'accent',
      facts: [
        { label: 'audioClips', figure: 'audioClips' },
        { label: 'voiceCommands', figure: 'voiceCommands' },
      ],
    },
    { kind: 'video', copy: 'scene', poster: 'scene', media: 'toy-story-buzz-lightyear/scene' },
    { kind: 'feature', copy: 'design', image: 'wings', items: ['wings', 'laser', 'helmet'] },
    { kind: 'cards', copy: 'accessories', items: [{ key: 'stand' }, { key: 'cable' }, { key: 'manual' }] },
    {
      kind: 'feature',
      copy: 'restore',
      facts: [
        { label: 'components', figure: 'components' },
        { label: 'netWeight', figure: 'netWeight' },
      ],
    },
    { kind: 'feature', copy: 'property', tone: 'dark', items: ['servos', 'audio', 'voice', 'battery'] },
    { kind: 'price', id: 'price', copy: 'price', offers: ['toyStoryBuzzLightyear'], sign: true, stores: ['de', 'eu', 'fr', 'uk', 'us'] },
    { kind: 'terms', copy: 'guarantees', items: [{ key: 'returns', figure: 'returnDays' }, { key: 'secure' }] },
    {
      kind: 'specs',
      id: 'specs',
      copy: 'specs',
      rows: [
        { label: 'servos', figure: 'servos' },
        { label: 'chips', figure: 'chips' },
        { label: 'components', figure: 'components' },
        { label: 'audioClips', figure: 'audioClips' },
        { label: 'voiceCommands', figure: 'voiceCommands' },
        { label: 'voltage', figure: 'voltage' },
        { label: 'battery', figure: 'batteryMah' },
        { label: 'netWeight', figure: 'netWeight' },
        { label: 'packagedWeight', figure: 'packagedWeight' },
        { label: 'fullCharge', figure: 'charging' },
        { label: 'connectivity', figure: 'connectivity' },
      ],
    },
    { kind: 'gallery', id: 'gallery', copy: 'gallery', images: ['hero', 'wings', 'helmet', 'scene'] },
    { kind: 'cta', copy: 'cta', offers: ['toyStoryBuzzLightyear'] },
  ],
};
