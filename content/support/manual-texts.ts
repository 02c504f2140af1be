/**
 * The text of each manual PDF (client/static/manuals/<file>), by file name. Only the
 * generator (`npx tsx scripts/manuals/write.ts`, which lays it out with scripts/manuals/pdf.ts)
 * and the tests read it; the worker serves the files and lists them from
 * content/support/manuals.ts. Figures are those of docs/spec/content.md §9. ASCII only: the PDF's
 * standard fonts need no embedding.
 */

/** One manual's text: a title, the line under it, and blocks of a heading and its lines. */
export interface ManualText {
  title: string;
  subtitle: string;
  blocks: { heading: string; lines: string[] }[];
}

const CHARGE = 'Charge with the supplied Type-C cable and adapter only. Do not leave the robot charging unattended.';
const APP = 'Install the Robolux app (iOS 13 or later, Android 8 or later), switch the robot on and follow the pairing steps in the app.';
const HELP = 'Help: robolux.com/us/support - support replies within 24 hours. Standard warranty: 2 years.';

export const MANUAL_TEXTS: Record<string, ManualText> = {
  'flagship-bumblebee-quick-start.pdf': {
    title: 'Flagship Bumblebee - Quick Start Guide',
    subtitle: 'Collectible car-to-robot with voice control and five programming modes',
    blocks: [
      { heading: '1. Charge', lines: ['Battery: 2100mAh, 11.1 V. Full charge in about 120 minutes; standby about 60 minutes.', CHARGE] },
      { heading: '2. Connect', lines: [APP, 'Bluetooth 5.0 BLE. Keep the phone within 5 metres while pairing.'] },
      {
        heading: '3. Play',
        lines: [
          'Say the wake phrase, then one of 36 voice commands, or convert between car and robot mode from the app.',
          'Five programming modes: manual, block-based, PC, voice-activated and easy.',
        ],
      },
      { heading: '4. Care', lines: ['31 servos and 2500+ components: never force a joint by hand while the robot is powered.', HELP] },
    ],
  },
  'flagship-optimus-prime-user-manual.pdf': {
    title: 'Flagship Optimus Prime - User Manual',
    subtitle: 'Autobot leader with automatic conversion and voice commands',
    blocks: [
      { heading: '1. Charge', lines: ['Two 1200mAh batteries. Charge both before first use.', CHARGE] },
      { heading: '2. Connect', lines: [APP, 'Bluetooth BLE 4.2.'] },
      { heading: '3. Play', lines: ['27 servos and 60 chips drive 5000+ components; 80+ sound effects and 39 voice commands after the wake phrase.'] },
      { heading: '4. Care', lines: ['Convert on a flat, clear surface at least 1 metre wide.', HELP] },
    ],
  },
  'flagship-megatron-user-manual.pdf': {
    title: 'Flagship Megatron - User Manual',
    subtitle: 'Decepticon leader: robot and tank modes',
    blocks: [
      { heading: '1. Charge', lines: ['Battery: 2700mAh, 11.1 V. Full charge in about 90 minutes.', CHARGE] },
      { heading: '2. Connect', lines: [APP] },
      {
        heading: '3. Play',
        lines: [
          '36 servos, 118 chips and 112 LEDs. Walking speed 5 cm/s in robot mode; 10 cm/s on the 4 drive tracks in tank mode.',
          'The cannon fires the 4 supplied soft projectile shells. Never aim at people or animals.',
        ],
      },
      { heading: '4. Care', lines: [HELP] },
    ],
  },
  'grimlock-g1-flagship-user-manual.pdf': {
    title: 'Grimlock G1 Flagship - User Manual',
    subtitle: 'Dinobot leader: dinosaur and robot modes',
    blocks: [
      { heading: '1. Charge', lines: ['Battery: 2500mAh. Full charge in about 90 minutes.', CHARGE] },
      { heading: '2. Connect', lines: [APP] },
      {
        heading: '3. Play',
        lines: ['34 servos and 85 chips; 42 voice commands and 150+ audio lines.', 'Create action sequences in the app and play them back by voice.'],
      },
      { heading: '4. Care', lines: [HELP] },
    ],
  },
  'elite-optimus-prime-quick-start.pdf': {
    title: 'Elite Optimus Prime - Quick Start Guide',
    subtitle: 'Programmable Autobot leader, works with the AI Base',
    blocks: [
      { heading: '1. Charge', lines: [CHARGE] },
      { heading: '2. Connect', lines: [APP, 'To use the AI Base, place the robot on the base and pair the base in the app.'] },
      { heading: '3. Play', lines: ['Control the robot from the app, by voice, or with programs you build in block-based mode.'] },
      { heading: '4. Care', lines: [HELP] },
    ],
  },
  'ai-base-quick-start.pdf': {
    title: 'AI Base - Quick Start Guide',
    subtitle: 'The display base that brings your robot to life',
    blocks: [
      { heading: '1. Power', lines: ['Connect the base to the supplied Type-C adapter. The light ring shows that it is ready.'] },
      { heading: '2. Connect', lines: [APP, 'Place a compatible robot on the base; the app recognises it.'] },
      { heading: '3. Use', lines: ['The base speaks with your robot, reacts to voice and shows its moods in light.'] },
      { heading: '4. Care', lines: [HELP] },
    ],
  },
  'toy-story-buzz-lightyear-user-manual.pdf': {
    title: 'Buzz Lightyear - User Manual',
    subtitle: 'Toy Story robot with voice interaction and a content editor',
    blocks: [
      { heading: '1. Charge', lines: ['Battery: 1900mAh, 11.1 V. Full charge in about 90 minutes.', CHARGE] },
      { heading: '2. Connect', lines: [APP, 'WiFi 2.4G plus Bluetooth 5.0: join a 2.4 GHz network for content updates.'] },
      { heading: '3. Play', lines: ['23 servos and 75 chips; 34 voice commands and 200+ audio clips. Make your own scenes in the content editor.'] },
      { heading: '4. Care', lines: ['Open the wings only with the app or by voice. Net weight 1.7 kg.', HELP] },
    ],
  },
  'buzz-lightyear-space-ranger-alpha-quick-start.pdf': {
    title: 'Buzz Lightyear Space Ranger Alpha - Quick Start Guide',
    subtitle: 'Space Ranger Alpha in his space suit',
    blocks: [
      { heading: '1. Charge', lines: [CHARGE] },
      { heading: '2. Connect', lines: [APP] },
      { heading: '3. Play', lines: ['Control poses and phrases from the app or by voice.'] },
      { heading: '4. Care', lines: [HELP] },
    ],
  },
  'k1-series-user-manual.pdf': {
    title: 'K1 and K1 Pro Interstellar Scout - User Manual',
    subtitle: 'Programmable scout robots',
    blocks: [
      { heading: '1. Charge', lines: ['Battery: 2000mAh. Weight 0.94 kg.', CHARGE] },
      { heading: '2. Connect', lines: [APP, 'Bluetooth BLE 4.2.'] },
      {
        heading: '3. Play',
        lines: ['17 servos, 40 chips, 1700+ parts. K1: 41 voice commands and 44 actions. K1 Pro: 81 voice commands and 75 actions. 9 dances on both.'],
      },
      { heading: '4. Care', lines: [HELP] },
    ],
  },
  'optimus-prime-signature-limited-edition-user-manual.pdf': {
    title: 'Optimus Prime Signature Limited Edition - User Manual',
    subtitle: 'Rise of the Beasts, 3,000 units worldwide',
    blocks: [
      { heading: '1. Charge', lines: ['Battery: 1650mAh. Use an adapter of 30 W at most, with the Type-C cable.', CHARGE] },
      { heading: '2. Connect', lines: [APP, 'Bluetooth BLE 5.0.'] },
      { heading: '3. Play', lines: ['21 servo motors, 69 chips and 40+ motion mechanisms; 16 voice commands.'] },
      { heading: '4. Care', lines: ['Keep the certificate and the display plate with the robot. Weight 1.6 kg; 135 x 237 x 423 mm.', HELP] },
    ],
  },
  'bumblebee-g1-performance-quick-start.pdf': {
    title: 'Bumblebee G1 Performance - Quick Start Guide',
    subtitle: 'G1 Bumblebee, beetle and robot',
    blocks: [
      { heading: '1. Charge', lines: [CHARGE] },
      { heading: '2. Connect', lines: [APP] },
      { heading: '3. Play', lines: ['Choose a performance in the app and watch Bumblebee act it out.'] },
      { heading: '4. Care', lines: [HELP] },
    ],
  },
  'safety-and-battery-guide.pdf': {
    title: 'Robolux Robots - Safety and Battery Guide',
    subtitle: 'For every Robolux robot. Read before first use and keep for reference.',
    blocks: [
      { heading: 'Age and supervision', lines: ['Not suitable for children under 8 years: small parts. Adults should supervise charging.'] },
      {
        heading: 'Battery',
        lines: [
          'Lithium batteries: do not open, pierce, heat or short-circuit them. Charge between 5 and 35 degrees C.',
          'Stop using a battery that swells, leaks or gets hot, and contact support.',
        ],
      },
      { heading: 'Use', lines: ['Keep fingers and hair away from joints while the robot moves or converts. Keep away from water.'] },
      { heading: 'Disposal', lines: ['Do not put the robot or its battery in household waste; take them to an electronics collection point.'] },
      { heading: 'Help', lines: [HELP] },
    ],
  },
};
