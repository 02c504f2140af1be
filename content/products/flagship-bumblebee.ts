import { artOf, type ProductPageInput } from './define';

const art = artOf('flagship-bumblebee');

/** Flagship Bumblebee (docs/spec/content.md §2, §9: the flagship yellow character). */
export const FLAGSHIP_BUMBLEBEE: ProductPageInput = {
  slug: 'flagship-bumblebee',
  product: 'flagshipBumblebee',
  sku: 'RLX-FB-001',
  namespace: 'flagship-bumblebee',
  entry: 'hero',
  menu: ['overview', 'specs', 'gallery'],
  images: {
    // The first three predate the product folder: the home page shows the robot form too.
    hero: { src: '/images/flagship-bumblebee-car.svg', width: 640, height: 480, alt: 'gallery.car' },
    robot: { src: '/images/flagship-bumblebee-robot.svg', width: 640, height: 480, alt: 'gallery.robot' },
    converting: { src: '/images/flagship-bumblebee-converting.svg', width: 640, height: 480, alt: 'gallery.converting' },
    details: art('details'),
    appearance: art('appearance'),
  },
  figures: {
    servos: { n: 31 },
    chips: { n: 67 },
    sensorAxes: { n: 6 },
    batteryMah: { n: 2100, unit: 'mAh' },
    voltage: { n: 11.1, unit: 'V' },
    connectivity: { text: 'Bluetooth 5.0 BLE' },
    port: { term: 'usbC' },
    charging: { n: 120, unit: 'min' },
    standby: { n: 60, unit: 'min' },
    components: { n: 2500, plus: true },
    programmingModes: { n: 5 },
    voiceCommands: { n: 36 },
    // The Japanese store ships from August 2025 in reservation order (docs/spec/content.md §2).
    shipsFrom: { scheduled: 'ships:flagship-bumblebee' },
  },
  sections: [
    { kind: 'hero', id: 'hero', copy: 'hero', image: 'hero', offers: ['flagshipBumblebee'] },
    {
      kind: 'feature',
      id: 'overview',
      copy: 'overview',
      facts: [
        { label: 'servos', figure: 'servos' },
        { label: 'microchips', figure: 'chips' },
        { label: 'components', figure: 'components' },
      ],
    },
    { kind: 'feature', copy: 'capabilities', items: ['convert', 'drive', 'talk', 'program'] },
    { kind: 'feature', copy: 'carMode', image: 'hero' },
    {
      kind: 'feature',
      copy: 'mobility',
      tone: 'accent',
      facts: [
        { label: 'sensor', copy: 'specs.sensorValue' },
        { label: 'servos', figure: 'servos' },
      ],
    },
    { kind: 'voice', id: 'app', copy: 'app', variant: 'list', lists: [{ key: 'app.commands', count: 'voiceCommands' }] },
    { kind: 'feature', copy: 'theater', tone: 'dark', facts: [{ label: 'connectivity', figure: 'connectivity' }] },
    { kind: 'feature', id: 'details', copy: 'details', image: 'details', items: ['finish', 'joints', 'lights', 'sound'] },
    {
      kind: 'specs',
      id: 'specs',
      copy: 'specs',
      rows: [
        { label: 'servos', figure: 'servos' },
        { label: 'microchips', figure: 'chips' },
        { label: 'sensor', copy: 'specs.sensorValue' },
        { label: 'battery', figure: 'batteryMah' },
        { label: 'voltage', figure: 'voltage' },
        { label: 'connectivity', figure: 'connectivity' },
        { label: 'port', figure: 'port' },
        { label: 'charging', figure: 'charging' },
        { label: 'standby', figure: 'standby' },
        { label: 'components', figure: 'components' },
        { label: 'programmingModes', copy: 'specs.programmingValue' },
        { label: 'voiceCommands', figure: 'voiceCommands' },
      ],
    },
    { kind: 'gallery', id: 'gallery', copy: 'gallery', images: ['hero', 'robot', 'converting'] },
    { kind: 'feature', id: 'appearance', copy: 'appearance', image: 'appearance' },
    { kind: 'feature', copy: 'relive', tone: 'dark', facts: [{ label: 'voiceCommands', figure: 'voiceCommands' }] },
    { kind: 'feature', copy: 'programming', items: ['manual', 'block', 'pc', 'voice', 'easy'] },
    {
      kind: 'feature',
      copy: 'chip',
      tone: 'accent',
      facts: [
        { label: 'microchips', figure: 'chips' },
        { label: 'battery', figure: 'batteryMah' },
        { label: 'voltage', figure: 'voltage' },
      ],
    },
    { kind: 'subscribe', copy: 'prelaunch' },
    { kind: 'cta', copy: 'cta', offers: ['flagshipBumblebee'] },
  ],
};
