/**
 * The campaign art (client/static/images/campaigns/), drawn with the kit of the product art
 * (scripts/art/kit.ts, machines.ts) and written by scripts/art/write.ts:
 *
 * - three 1200 × 480 banners, each its campaign at a glance: Black Friday (the flagship robots
 *   in a row at night, under a string of sale lights and spotlights), Christmas (a lit tree,
 *   wrapped gifts, two robots, falling snow), Back to School (a robot with a backpack beside a
 *   stack of books, in daylight). The copy lies over the left of a banner behind a dark scrim
 *   (client/styles/campaign.css), and a phone shows only the middle: the left third is kept
 *   calm (sky, a few lights), the figures stand from the middle to the right.
 * - the small pictures: 48 × 48 benefit icons (what their alt text says: a price tag with a
 *   check mark, a shield, a speech bubble, a gift box, a return arrow around a parcel, a
 *   calendar with coins, a percent badge) and 32 × 32 gift pictures (cap, T-shirt, insulated
 *   cup, discount), each one lit object on a soft shadow, drawn in a 96-unit square and scaled.
 *
 * Plain SVG: gradients and opacity only (no filter, raster or text), so a banner stays a
 * cheap Largest Contentful Paint; tests/worker/pages/campaigns.test.ts bounds their gzip.
 */
import { Canvas, poly, shade } from './kit';
import { robot } from './machines';

type Draw = () => string;

const W = 1200;
const H = 480;

/** A vertical (or, with `across`, horizontal) gradient of `stops` as a fill, once per id. */
function gradient(c: Canvas, id: string, stops: [number, string, number?][], across = false): string {
  const s = stops.map(([o, color, a]) => `<stop offset="${o}" stop-color="${color}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`).join('');
  return c.define(id, `<linearGradient id="${id}" x1="0" y1="0" x2="${across ? 1 : 0}" y2="${across ? 0 : 1}">${s}</linearGradient>`);
}

/** A light beam from the top at `x` onto the floor around `to`, fading as it falls. */
function beam(c: Canvas, x: number, to: number, spread: number, floorY: number, color: string, opacity = 0.5): void {
  const fill = gradient(c, `beam${color.slice(1)}`, [
    [0, color, 0.7],
    [1, color, 0],
  ]);
  c.flat(
    poly([
      [x - 14, 0],
      [x + 14, 0],
      [to + spread, floorY],
      [to - spread, floorY],
    ]),
    fill,
    opacity,
  );
  c.add(`<ellipse cx="${to}" cy="${floorY}" rx="${spread * 1.1}" ry="${spread * 0.16}" fill="${color}" opacity="${opacity * 0.35}"/>`);
}

/**
 * A string of lights hung from (x0, y0) to (x1, y0), sagging by `sag`, bulbs in turn of
 * `colors`: each colour's bulbs are three paths of round dots (a wide faint halo, a brighter
 * ring, a pale core), far fewer bytes than a gradient circle per bulb.
 */
function lights(c: Canvas, x0: number, x1: number, y0: number, sag: number, n: number, colors: string[], r = 3.2): void {
  const mid = (x0 + x1) / 2;
  c.line(`M${x0} ${y0} Q${mid} ${y0 + sag * 2} ${x1} ${y0}`, '#0c0d12', 1.6, 0.8);
  const bulbs: string[][] = colors.map(() => []);
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) / n;
    // Whole units; the quadratic above at t is y0 + 2·sag·2t(1 − t).
    bulbs[i % colors.length]!.push(`M${Math.round(x0 + (x1 - x0) * t)} ${Math.round(y0 + sag * 4 * t * (1 - t) + 4)}h0`);
  }
  colors.forEach((color, k) => {
    const d = bulbs[k]!.join('');
    c.line(d, color, r * 5, 0.22);
    c.line(d, color, r * 2.6, 0.6);
    c.line(d, shade(color, 0.75), r * 1.4);
  });
}

/**
 * Stars or snowflakes: `n` dots spread over the box by a fixed stride (the same every run), in
 * three sizes and brightnesses; each kind is one path of zero-length round-capped strokes,
 * a few bytes a dot.
 */
function scatter(c: Canvas, n: number, box: [number, number, number, number], color: string, sizes: [number, number, number]): void {
  const [x, y, w, h] = box;
  const kinds: string[][] = [[], [], []];
  for (let i = 0; i < n; i++) kinds[i % 3]!.push(`M${x + ((i * 367) % w)} ${y + ((i * 151 + (i % 7) * 23) % h)}h0`);
  kinds.forEach((d, k) => c.line(d.join(''), color, sizes[k]!, [0.4, 0.65, 0.9][k]));
}

/** A wrapped gift: box, lid, a ribbon each way and a bow, standing on the floor at (x, y). */
function gift(c: Canvas, x: number, y: number, w: number, h: number, paper: string, ribbon: string): void {
  c.ground(x + w / 2, y + 2, w * 0.7, 6);
  c.plate(x, y - h, w, h, paper, 3);
  c.plate(x - 4, y - h - 12, w + 8, 14, shade(paper, 0.08), 3);
  c.flat(`M${x + w / 2 - 5} ${y - h - 12}h10v${h + 12}h-10z`, ribbon);
  c.flat(`M${x + w / 2} ${y - h - 12}c-10 -22 -30 -16 -22 -4c4 5 14 4 22 4zm0 0c10 -22 30 -16 22 -4c-4 5 -14 4 -22 4z`, c.lit(ribbon));
}

/** A book lying flat: cover in `color`, cream page edges at the front. */
function book(c: Canvas, x: number, y: number, w: number, h: number, color: string): void {
  c.plate(x, y - h, w, h, color, 3);
  c.flat(`M${x + 8} ${y - h + 4}h${w - 12}v${h - 8}h-${w - 12}z`, '#f4ecd8');
  for (let i = 1; i < 3; i++) c.line(`M${x + 10} ${y - h + (h * i) / 3}h${w - 16}`, '#c9bd9f', 1);
}

// ---------------------------------------------------------------- banners

/**
 * A banner: its sky (top to bottom, or left to right with `across`) over the whole picture, a
 * floor from `floorY` down, and what stands in it, drawn in order by `draw`.
 */
interface Banner {
  sky: [number, string][];
  across?: boolean;
  floorY: number;
  floor: [string, string];
  draw: (c: Canvas, floorY: number) => void;
}

/** The banners, by campaign slug (client/static/images/campaigns/<slug>.svg). */
const BANNERS: Record<string, Banner> = {
  /** Black Friday: the flagship robots in a row at night, under sale lights and spotlights. */
  'black-friday': {
    sky: [
      [0, '#05060f'],
      [0.55, '#151231'],
      [1, '#2a1a3f'],
    ],
    floorY: 392,
    floor: ['#1a1428', '#07070d'],
    draw: (c, floorY) => {
      scatter(c, 36, [10, 8, 1180, 230], '#fff', [1.6, 2, 3]);
      // Three spotlights, one on each robot, in the sale's colours.
      const row: [number, 'megatron' | 'bumblebee' | 'optimus', string][] = [
        [650, 'megatron', '#b9a4ff'],
        [868, 'bumblebee', '#ffd23f'],
        [1084, 'optimus', '#ff5a5f'],
      ];
      for (const [x, , color] of row) beam(c, x + 60, x, 150, floorY + 40, color, 0.42);
      lights(c, -10, 1210, 24, 40, 26, ['#f5c400', '#ff4d5a', '#fff4c2', '#ff9f1c']);
      // A reflection line where the floor meets the night.
      c.line(`M0 ${floorY} H${W}`, '#6b5aa8', 1.5, 0.35);
      for (const [x, name] of row) robot(c, name, { x, y: 446, scale: 0.96 }, name === 'megatron' ? { right: 20 } : undefined);
    },
  },
  /** Christmas: a lit tree, wrapped gifts beneath it, two robots, snow falling on a winter evening. */
  'christmas-sale': {
    sky: [
      [0, '#071a24'],
      [0.6, '#0d3340'],
      [1, '#1d4d52'],
    ],
    floorY: 400,
    floor: ['#dfeaf2', '#9fb6c8'],
    draw: (c, floorY) => {
      // The tree: three tiers, a trunk, baubles, a garland of lights and a star on top.
      const tx = 740;
      c.ground(tx, floorY + 30, 170, 14);
      c.plate(tx - 16, 392, 32, 40, '#6b3e1e', 2, false);
      const tiers: [number, number, number][] = [
        [400, 300, 150],
        [300, 200, 115],
        [200, 92, 80],
      ];
      for (const [base, top, half] of tiers) c.shape(`M${tx} ${top - 40}L${tx + half} ${base}Q${tx} ${base + 22} ${tx - half} ${base}Z`, '#1f8a4c', 0.55);
      lights(c, tx - 106, tx + 114, 250, 28, 9, ['#ffe27a', '#ff6b6b', '#8fe3ff']);
      lights(c, tx - 70, tx + 80, 160, 22, 6, ['#ffe27a', '#8fe3ff', '#ff6b6b']);
      const baubles: [number, number, string][] = [
        [tx - 62, 352, '#d62839'],
        [tx + 54, 362, '#f5c400'],
        [tx + 10, 300, '#2f7df6'],
        [tx - 40, 232, '#f5c400'],
        [tx + 44, 214, '#d62839'],
        [tx - 6, 142, '#2f7df6'],
      ];
      for (const [x, y, color] of baubles) c.ball(x, y, 9, color);
      c.glow(tx, 46, 9, '#ffd23f');
      c.flat(
        poly(
          Array.from({ length: 10 }, (_, i) => {
            const a = (i / 10) * Math.PI * 2 - Math.PI / 2;
            const r = i % 2 ? 9 : 22;
            return [tx + Math.cos(a) * r, 48 + Math.sin(a) * r] as [number, number];
          }),
        ),
        c.lit('#ffd23f'),
      );
      // Gifts under the tree, two robots beside it.
      gift(c, 586, 440, 70, 50, '#d62839', '#f5c400');
      gift(c, 660, 452, 54, 40, '#2f7df6', '#eef1f5');
      gift(c, 784, 448, 80, 56, '#f5c400', '#d62839');
      robot(c, 'optimus', { x: 990, y: 448, scale: 0.98 }, { right: 30 });
      robot(c, 'k1', { x: 1132, y: 452, scale: 0.64 }, { left: 60 });
      // Snow, over everything.
      scatter(c, 80, [0, 0, 1200, 470], '#fff', [3.5, 4.5, 6]);
    },
  },
  /** Back to School: daylight, a stack of books, a robot with its school backpack. */
  'back-to-school': {
    sky: [
      [0, '#1d4f8f'],
      [0.5, '#3f86c9'],
      [1, '#8fd0f2'],
    ],
    across: true,
    floorY: 380,
    floor: ['#c98a4b', '#8a5a2b'],
    draw: (c, floorY) => {
      // The sun, high on the right, and two clouds.
      c.add(`<circle cx="1080" cy="86" r="120" fill="${c.round('#fff2b3', true)}" opacity=".8"/>`);
      c.add('<circle cx="1080" cy="86" r="40" fill="#fff6c8"/>');
      for (const [x, y, s] of [
        [560, 90, 1],
        [860, 150, 0.8],
      ] as const)
        c.add(
          `<path d="M${x} ${y}c0 -${22 * s} ${40 * s} -${30 * s} ${52 * s} -${12 * s}c${10 * s} -${24 * s} ${52 * s} -${22 * s} ${56 * s} ${4 * s}c${22 * s} 0 ${26 * s} ${24 * s} 0 ${24 * s}h-${108 * s}c-${20 * s} 0 -${20 * s} -${16 * s} 0 -${16 * s}z" fill="#fff" opacity=".85"/>`,
        );
      // The desk edge the scene stands on.
      c.line(`M0 ${floorY} H${W}`, '#e0aa6a', 3, 0.8);
      // A stack of books and a pencil.
      c.ground(660, 440, 130, 12);
      const books: [number, number, string][] = [
        [560, 110, '#d62839'],
        [572, 88, '#2f7df6'],
        [556, 116, '#1f8a4c'],
        [578, 80, '#f5c400'],
      ];
      let y = 440;
      for (const [x, w, color] of books) {
        book(c, x, y, w * 1.7, 30, color);
        y -= 30;
      }
      c.shape(
        poly([
          [612, 312],
          [740, 300],
          [744, 312],
          [616, 324],
        ]),
        '#f5c400',
      );
      c.flat(
        poly([
          [740, 300],
          [762, 304],
          [744, 312],
        ]),
        '#e8c9a0',
      );
      // The robot, its backpack behind it and the straps over its shoulders.
      const at = { x: 930, y: 444, scale: 1.02 };
      const onRobot = (draw: () => void) => c.group({ transform: `translate(${at.x} ${at.y}) scale(${at.scale})` }, draw);
      onRobot(() => {
        c.line('M-30 -262 Q0 -300 30 -262', '#a51d2d', 8);
        c.plate(-84, -268, 168, 128, '#d62839', 26);
        c.plate(-96, -214, 24, 60, shade('#d62839', -0.12), 8);
        c.plate(72, -214, 24, 60, shade('#d62839', -0.12), 8);
      });
      robot(c, 'k1', at, { left: 24, right: 150 });
      onRobot(() => {
        for (const s of [-1, 1]) c.shape(`M${s * 62} -258L${s * 78} -256L${s * 48} -176L${s * 34} -180Z`, '#a51d2d');
      });
    },
  },
};

/** A banner's drawing: a 1200 × 480 canvas, its sky and floor, then what stands in it. */
function banner({ sky, across, floorY, floor, draw }: Banner): Draw {
  return () => {
    const c = new Canvas(W, H);
    c.add(`<rect width="${W}" height="${H}" fill="${gradient(c, 'sky', sky, across)}"/>`);
    c.add(
      `<rect y="${floorY}" width="${W}" height="${H - floorY}" fill="${gradient(c, 'floor', [
        [0, floor[0]],
        [1, floor[1]],
      ])}"/>`,
    );
    draw(c, floorY);
    return c.svg();
  };
}

// ---------------------------------------------------------------- small pictures

/** A small picture: `draw` works in a 96-unit square, shrunk to `size` px, on a soft shadow. */
function small(size: 48 | 32, draw: (c: Canvas) => void): Draw {
  return () => {
    const c = new Canvas(size, size);
    c.group({ transform: `scale(${size / 96})` }, () => {
      c.ground(48, 86, 34, 6);
      draw(c);
    });
    return c.svg();
  };
}

/** A check mark, thick, in `color`. */
const check = (c: Canvas, d: string, color: string) => c.line(d, color, 9);

/** A round badge with a percent sign. */
function percent(c: Canvas): void {
  c.ball(48, 46, 38, '#1f9a55');
  c.line('M33 63 L63 29', '#fff', 7);
  c.add('<g fill="#fff"><circle cx="34" cy="33" r="7.5"/><circle cx="62" cy="59" r="7.5"/></g>');
}

/** A gift box with a bow. */
function giftBox(c: Canvas): void {
  c.plate(16, 40, 64, 44, '#d62839', 3);
  c.plate(10, 28, 76, 16, shade('#d62839', 0.08), 3);
  c.flat('M43 28h10v56h-10z', c.lit('#f5c400'));
  c.flat('M48 28c-10 -22 -32 -18 -24 -4c4 5 14 4 24 4zm0 0c10 -22 32 -18 24 -4c-4 5 -14 4 -24 4z', c.lit('#f5c400'));
}

const SMALL: Record<string, Draw> = {
  'benefit-price-guarantee.svg': small(48, (c) => {
    c.shape('M10 50 L46 14 H80 V48 L44 84 Z', '#f5c400');
    c.ball(68, 26, 6, '#fff8dc');
    check(c, 'M30 54 L41 65 L62 42', '#1f7a45');
  }),
  'benefit-warranty.svg': small(48, (c) => {
    c.shape('M48 8 L80 20 V44 C80 64 66 78 48 86 C30 78 16 64 16 44 V20 Z', '#2f6fd6');
    c.flat('M48 14 L74 24 V30 L48 20 L22 30 V24 Z', '#fff', 0.25);
    check(c, 'M33 48 L44 59 L64 36', '#fff');
  }),
  'benefit-support.svg': small(48, (c) => {
    c.shape('M12 16 H84 Q88 16 88 20 V60 Q88 64 84 64 H42 L24 80 V64 H12 Q8 64 8 60 V20 Q8 16 12 16 Z', '#1f9a55');
    c.add('<g fill="#fff"><circle cx="30" cy="40" r="5.5"/><circle cx="48" cy="40" r="5.5"/><circle cx="66" cy="40" r="5.5"/></g>');
  }),
  'benefit-free-gifts.svg': small(48, giftBox),
  'benefit-returns.svg': small(48, (c) => {
    c.plate(30, 36, 36, 34, '#c08a4a', 2);
    c.flat('M44 36h8v14l-4 -3l-4 3z', '#e8d3a8');
    c.line('M48 12 A34 34 0 1 1 16 34', '#2f6fd6', 8);
    c.flat(
      poly([
        [6, 26],
        [28, 30],
        [14, 46],
      ]),
      '#2f6fd6',
    );
  }),
  'benefit-instalments.svg': small(48, (c) => {
    c.plate(8, 14, 58, 58, '#f4f6f9', 6);
    c.plate(8, 14, 58, 16, '#2f6fd6', 6, false);
    c.add(
      '<g fill="#9aa6b8">' +
        [0, 1, 2].flatMap((r) => [0, 1, 2].map((k) => `<rect x="${16 + k * 16}" y="${38 + r * 11}" width="10" height="6" rx="1.5"/>`)).join('') +
        '</g>',
    );
    for (let i = 0; i < 4; i++) {
      c.add(`<ellipse cx="72" cy="${82 - i * 10}" rx="18" ry="7" fill="${c.lit('#e0a91a')}" stroke="#8a6410" stroke-width="1.2"/>`);
    }
    c.add(`<ellipse cx="72" cy="50" rx="14" ry="4.5" fill="${c.lit('#f5c400')}" stroke="#8a6410" stroke-width="1.2"/>`);
  }),
  'benefit-welcome-discount.svg': small(48, percent),
  // The gifts by spend and the first customers' gifts (content/campaigns/terms.ts).
  'hat.svg': small(32, (c) => {
    c.shape('M44 58 H92 C92 68 84 72 70 72 H44 Z', '#163d8a');
    c.shape('M8 62 C8 34 24 22 44 22 C62 22 74 34 76 62 Z', '#2f6fd6');
    c.ball(44, 22, 5, '#163d8a');
    c.line('M44 26 Q50 42 48 60', '#163d8a', 2, 0.5);
  }),
  'clothing.svg': small(32, (c) => {
    c.shape('M34 12 L10 26 L20 46 L28 41 V84 H68 V41 L76 46 L86 26 L62 12 C58 20 53 23 48 23 C43 23 38 20 34 12 Z', '#d62839');
    c.line('M34 12 C38 20 43 23 48 23 C53 23 58 20 62 12', '#8e1522', 3);
  }),
  'insulated-cup.svg': small(32, (c) => {
    c.shape('M26 20 H70 L66 84 H30 Z', '#aeb6c2');
    c.plate(22, 8, 52, 16, '#1e2530', 5);
    c.flat('M28 44 H68 L67 56 H29 Z', c.lit('#f5c400'));
    c.flat('M33 26 H39 L37 80 H33 Z', '#fff', 0.35);
  }),
  'discount.svg': small(32, percent),
};

/** Every campaign picture, by its path under client/static/images/. */
export const CAMPAIGN_ART: Record<string, Draw> = {
  ...Object.fromEntries(Object.entries(BANNERS).map(([slug, spec]) => [`campaigns/${slug}.svg`, banner(spec)])),
  ...Object.fromEntries(Object.entries(SMALL).map(([name, draw]) => [`campaigns/${name}`, draw])),
};
