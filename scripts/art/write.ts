/**
 * Writes the product art into client/static/images/: every picture the product pages, home
 * tiles and galleries show (and the campaign banners and small pictures, scripts/art/campaigns.ts), each machine drawn as itself (scripts/art/machines.ts) with the
 * kit's light and shadow (scripts/art/kit.ts). Run `npx tsx scripts/art/write.ts` after a
 * change here and commit the files: the build and CI need no drawing step, and a picture is
 * the same bytes every time.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CAMPAIGN_ART } from './campaigns';
import { Canvas, poly, shade } from './kit';
import { base, beetle, coupe, dinosaur, robot, tank, truck, type Place, type Pose, type RobotName } from './machines';

const images = join(dirname(fileURLToPath(import.meta.url)), '../../client/static/images');

/** A picture's drawing: into a canvas, giving back the SVG (maybe cropped by viewBox). */
type Draw = () => string;

/** A 640 × 480 studio picture (or another size) drawn by `draw`, cropped to `crop` when given. */
function studio(tone: string, draw: (c: Canvas) => void, crop?: [number, number, number, number], size: [number, number] = [640, 480]): Draw {
  return () => {
    const c = new Canvas(size[0], size[1]).backdrop(tone);
    draw(c);
    return c.svg(crop?.join(' '));
  };
}

/** A robot standing in the middle of a 640 × 480 studio. */
const standing = (name: RobotName, tone: string, pose?: Pose, at: Place = { x: 320, y: 440, scale: 1.12 }) => studio(tone, (c) => robot(c, name, at, pose));

/** A close-up: a crop of a robot's picture (4:3, so the crop fills the same box). */
const closeUp = (name: RobotName, tone: string, crop: [number, number, number, number], pose?: Pose) =>
  studio(tone, (c) => robot(c, name, { x: 320, y: 440, scale: 1.12 }, pose), crop);

/** A stage: a dark room, spotlight beams, the robot in the light. */
function stage(name: RobotName, pose: Pose, beam = '#fff3c4'): Draw {
  return studio('#2a2f3a', (c) => {
    const fill = c.define(
      'beam',
      `<linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${beam}" stop-opacity=".55"/><stop offset="1" stop-color="${beam}" stop-opacity="0"/></linearGradient>`,
    );
    c.flat('M250 0 L390 0 L520 440 L120 440 Z', fill);
    c.flat('M0 0 L60 0 L240 440 L120 440 Z', fill, 0.5);
    c.flat('M580 0 L640 0 L520 440 L400 440 Z', fill, 0.5);
    c.add('<ellipse cx="320" cy="440" rx="220" ry="26" fill="#fff3c4" opacity=".18"/>');
    robot(c, name, { x: 320, y: 440, scale: 1.1 }, pose);
  });
}

/** Deep space: stars and a ringed planet behind the robot. */
function space(name: RobotName, pose: Pose): Draw {
  return () => {
    const c = new Canvas(640, 480);
    c.add(
      `<rect width="640" height="480" fill="${c.define('sky', '<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0c1030"/><stop offset="1" stop-color="#2b2466"/></linearGradient>')}"/>`,
    );
    for (let i = 0; i < 60; i++)
      c.add(`<circle cx="${(i * 97) % 640}" cy="${(i * 53) % 360}" r="${i % 5 === 0 ? 1.8 : 1}" fill="#fff" opacity="${0.4 + (i % 3) * 0.2}"/>`);
    c.ball(520, 110, 54, '#8d5bd6');
    c.add('<ellipse cx="520" cy="110" rx="92" ry="16" fill="none" stroke="#c9b4f2" stroke-width="5" opacity=".7" transform="rotate(-18 520 110)"/>');
    c.add(`<ellipse cx="320" cy="470" rx="420" ry="70" fill="${c.lit('#5a4e86')}"/>`);
    robot(c, name, { x: 300, y: 446, scale: 1.1 }, pose);
    return c.svg();
  };
}

/** A vehicle in the studio. */
const vehicle = (draw: (c: Canvas, at: Place) => void, tone: string, at: Place = { x: 320, y: 400, scale: 1.18 }) => studio(tone, (c) => draw(c, at));

/** Robot beside its vehicle, a sweep between them: the conversion. */
function converting(name: RobotName, draw: (c: Canvas, at: Place) => void, tone: string): Draw {
  return studio(tone, (c) => {
    draw(c, { x: 190, y: 420, scale: 0.62 });
    c.line('M300 250 Q360 200 420 250', shade(tone, -0.45), 4);
    c.flat(
      poly([
        [420, 236],
        [432, 256],
        [410, 258],
      ]),
      shade(tone, -0.45),
    );
    robot(c, name, { x: 480, y: 430, scale: 0.9 });
  });
}

/** Robot standing on the AI base. */
const onBase = (name: RobotName, tone: string, light: string) =>
  studio(tone, (c) => {
    base(c, { x: 320, y: 452, scale: 1 }, light);
    robot(c, name, { x: 320, y: 406, scale: 1.04 });
  });

/** A 240 × 240 still life of a small part: the limited edition's certificate, box, plate, charger. */
function still(draw: (c: Canvas) => void): Draw {
  return () => {
    const c = new Canvas(240, 240).backdrop('#e9e4dc', 210);
    c.ground(120, 206, 90, 10);
    draw(c);
    return c.svg();
  };
}

const WARM = '#d9d4cc';
const COOL = '#c9d2dc';
const STEEL = '#b8bec8';

const PICTURES: Record<string, Draw> = {
  // Flagship Bumblebee: the coupé, the robot, the change between them.
  'flagship-bumblebee-car.svg': vehicle(coupe, WARM),
  'flagship-bumblebee-robot.svg': standing('bumblebee', WARM),
  'flagship-bumblebee-converting.svg': converting('bumblebee', coupe, WARM),
  'products/flagship-bumblebee/appearance.svg': standing('bumblebee', COOL, { left: 40, right: 12 }),
  'products/flagship-bumblebee/details.svg': closeUp('bumblebee', COOL, [200, 40, 240, 180]),
  // G1 Bumblebee: the beetle and its robot, on stage.
  'products/bumblebee-g1-performance/robot.svg': standing('bumblebeeG1', WARM),
  'products/bumblebee-g1-performance/stage.svg': stage('bumblebeeG1', { left: 120, right: 120 }),
  'products/bumblebee-g1-performance/beetle.svg': vehicle(beetle, WARM),
  // Megatron: robot, tank, the cannon firing, a close-up, the video's poster.
  'products/flagship-megatron/robot.svg': standing('megatron', STEEL),
  'products/flagship-megatron/tank.svg': vehicle(tank, STEEL, { x: 280, y: 400, scale: 1.05 }),
  'products/flagship-megatron/close-up.svg': closeUp('megatron', STEEL, [212, 44, 216, 162]),
  'products/flagship-megatron/fire.svg': studio('#3a3340', (c) => {
    robot(c, 'megatron', { x: 300, y: 440, scale: 1.1 }, { right: 90 });
    c.add('<path d="M60 200 L170 190 L170 214 Z" fill="#ff8a4c" opacity=".55"/>');
    c.glow(176, 202, 16, '#ff5a3c');
  }),
  'products/flagship-megatron/video-poster.svg': () => {
    const c = new Canvas(960, 540).backdrop('#3a3340');
    tank(c, { x: 300, y: 470, scale: 0.9 });
    robot(c, 'megatron', { x: 700, y: 490, scale: 1.22 }, { right: 30 });
    return c.svg();
  },
  // Optimus Prime: robot, truck, cab; Elite on the AI base; the limited edition.
  'products/flagship-optimus-prime/robot.svg': standing('optimus', STEEL),
  'products/flagship-optimus-prime/truck.svg': vehicle(truck, STEEL, { x: 330, y: 410, scale: 1.04 }),
  'products/flagship-optimus-prime/cab.svg': studio(STEEL, (c) => truck(c, { x: 320, y: 410, scale: 1.04 }), [360, 200, 240, 180]),
  'products/elite-optimus-prime/robot.svg': standing('optimus', COOL, { left: 30 }),
  'products/elite-optimus-prime/truck.svg': vehicle(truck, COOL, { x: 330, y: 410, scale: 1.04 }),
  'products/elite-optimus-prime/on-base.svg': onBase('optimus', COOL, '#5ac8fa'),
  'products/optimus-prime-rise-of-the-beasts-signature-limited-edition/robot.svg': standing('optimus', '#cfc3b0'),
  'products/optimus-prime-rise-of-the-beasts-signature-limited-edition/truck.svg': vehicle(truck, '#cfc3b0', { x: 330, y: 410, scale: 1.04 }),
  'products/optimus-prime-rise-of-the-beasts-signature-limited-edition/figure.svg': still((c) => robot(c, 'optimus', { x: 120, y: 206, scale: 0.56 })),
  'products/optimus-prime-rise-of-the-beasts-signature-limited-edition/box.svg': still((c) => {
    c.shape(
      poly([
        [50, 70],
        [170, 70],
        [190, 50],
        [70, 50],
      ]),
      '#3b3f47',
    );
    c.shape(
      poly([
        [170, 70],
        [190, 50],
        [190, 180],
        [170, 200],
      ]),
      '#1f2126',
      0.5,
    );
    c.plate(50, 70, 120, 130, '#2a2d33', 2);
    c.plate(62, 84, 96, 60, '#c8162f', 2);
    c.line('M70 170 L150 170', '#c99a2e', 3);
  }),
  'products/optimus-prime-rise-of-the-beasts-signature-limited-edition/plate.svg': still((c) => {
    c.shape(
      poly([
        [40, 150],
        [200, 150],
        [180, 120],
        [60, 120],
      ]),
      '#3b3f47',
    );
    c.plate(60, 90, 120, 40, '#c99a2e', 3);
    for (let i = 0; i < 3; i++) c.line(`M${78 + i * 10} 110 L${150 - i * 8} 110`, '#8a6a1c', 2, 0.6);
  }),
  'products/optimus-prime-rise-of-the-beasts-signature-limited-edition/certificate.svg': still((c) => {
    c.plate(56, 40, 128, 160, '#f6f1e6', 2);
    for (let i = 0; i < 6; i++) c.line(`M74 ${70 + i * 14} L${166 - (i % 2) * 20} ${70 + i * 14}`, '#9c927f', 2);
    c.ball(150, 170, 16, '#c99a2e');
  }),
  'products/optimus-prime-rise-of-the-beasts-signature-limited-edition/charger.svg': still((c) => {
    c.plate(70, 110, 100, 70, '#2a2d33', 10);
    c.glow(150, 130, 3, '#46e0ff');
    c.line('M120 110 Q120 60 170 50 L190 48', '#2a2d33', 6);
    c.plate(184, 40, 22, 16, '#8a929c', 3, false);
  }),
  // Grimlock: the dinosaur, the robot with its sword, the jaw.
  'products/grimlock-g1-flagship/dinosaur.svg': vehicle((c, at) => dinosaur(c, at), WARM, { x: 320, y: 430, scale: 1.08 }),
  'products/grimlock-g1-flagship/robot.svg': standing('grimlock', WARM, { right: 24 }),
  'products/grimlock-g1-flagship/jaw.svg': studio(WARM, (c) => dinosaur(c, { x: 320, y: 430, scale: 1.08 }, 22), [400, 70, 240, 180]),
  // The space ranger: standing, saluting, the suit's panel; in space; the wings; the helmet.
  'products/buzz-lightyear-space-ranger-alpha/ranger.svg': standing('ranger', COOL),
  'products/buzz-lightyear-space-ranger-alpha/salute.svg': standing('ranger', COOL, { left: 150 }),
  'products/buzz-lightyear-space-ranger-alpha/suit.svg': closeUp('ranger', COOL, [232, 130, 176, 132]),
  'products/toy-story-buzz-lightyear/ranger.svg': standing('ranger', '#c8c4e6'),
  'products/toy-story-buzz-lightyear/wings.svg': closeUp('ranger', '#c8c4e6', [110, 120, 420, 315]),
  'products/toy-story-buzz-lightyear/helmet.svg': closeUp('ranger', '#c8c4e6', [232, 28, 176, 132]),
  'products/toy-story-buzz-lightyear/scene.svg': space('ranger', { left: 150 }),
  // K1 Pro: the scout, dancing, a pair.
  'products/k1-pro-interstellar-scout/scout.svg': standing('k1', COOL, {}, { x: 320, y: 440, scale: 1.02 }),
  'products/k1-pro-interstellar-scout/dance.svg': stage('k1', { left: 130, right: 40 }, '#b9e9ff'),
  'products/k1-pro-interstellar-scout/pair.svg': studio(COOL, (c) => {
    robot(c, 'k1', { x: 210, y: 440, scale: 0.86 }, { right: 140 });
    robot(c, 'k1', { x: 440, y: 440, scale: 0.86 }, { left: 140 });
  }),
  // The AI base: alone, lit in colour, with a robot on it.
  'products/ai-base/base.svg': vehicle((c, at) => base(c, at), '#c3c9d3', { x: 320, y: 330, scale: 1.4 }),
  'products/ai-base/light.svg': studio('#272b35', (c) => base(c, { x: 320, y: 330, scale: 1.4 }, '#b06bff')),
  'products/ai-base/with-robot.svg': onBase('k1', '#c3c9d3', '#2f7df6'),
};

/** The home and campaign tiles, 480 × 360: each product's robot (or the base) in its own light. */
const tile = (draw: (c: Canvas) => void, tone: string) => studio(tone, draw, undefined, [480, 360]);
const tileRobot = (name: RobotName, tone: string, pose?: Pose) => tile((c) => robot(c, name, { x: 240, y: 338, scale: 0.88 }, pose), tone);
const TILES: Record<string, Draw> = {
  'tiles/flagshipBumblebee.svg': tile((c) => {
    coupe(c, { x: 130, y: 330, scale: 0.46 });
    robot(c, 'bumblebee', { x: 320, y: 338, scale: 0.8 });
  }, WARM),
  'tiles/flagshipMegatron.svg': tile((c) => {
    tank(c, { x: 120, y: 330, scale: 0.4 });
    robot(c, 'megatron', { x: 350, y: 338, scale: 0.86 });
  }, STEEL),
  'tiles/flagshipOptimusPrime.svg': tileRobot('optimus', STEEL),
  'tiles/eliteOptimusPrime.svg': tile((c) => {
    base(c, { x: 240, y: 346, scale: 0.8 }, '#5ac8fa');
    robot(c, 'optimus', { x: 240, y: 310, scale: 0.8 });
  }, COOL),
  'tiles/optimusPrimeRiseOfTheBeastsSignatureLimitedEdition.svg': tileRobot('optimus', '#cfc3b0', { left: 30 }),
  'tiles/grimlockG1Flagship.svg': tile((c) => dinosaur(c, { x: 240, y: 330, scale: 0.84 }), WARM),
  'tiles/toyStoryBuzzLightyear.svg': tileRobot('ranger', '#c8c4e6', { left: 150 }),
  'tiles/k1ProInterstellarScout.svg': tileRobot('k1', COOL, { left: 60 }),
  'tiles/aiBase.svg': tile((c) => base(c, { x: 240, y: 260, scale: 1.05 }), '#c3c9d3'),
  'tiles/backToSchool.svg': tile((c) => {
    robot(c, 'k1', { x: 160, y: 338, scale: 0.7 }, { left: 40 });
    robot(c, 'k1', { x: 320, y: 338, scale: 0.7 }, { right: 40 });
  }, '#f0d9a8'),
};

/** Every picture, by its path under client/static/images/. */
export const ART: Record<string, Draw> = { ...PICTURES, ...TILES, ...CAMPAIGN_ART };

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [path, draw] of Object.entries(ART)) {
    const file = join(images, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, draw());
  }
  console.log(`art: wrote ${Object.keys(ART).length} pictures to client/static/images/`);
}
