/**
 * The machines, each drawn as itself: a robot form on one humanoid frame with its own head,
 * chest, back and hands (Bumblebee, G1 Bumblebee, Megatron, Optimus Prime, Grimlock, the space
 * ranger, K1), and the vehicle forms (the coupé, the beetle, the tank, the truck, the
 * dinosaur), the AI base. Each draws into a Canvas at a place and scale, feet or wheels on
 * the ground at `y`.
 */
import { Canvas, poly, shade } from './kit';

/** Where and how big: feet (or wheels) on the ground line at (x, y); 1 = a 330-unit tall robot. */
export interface Place {
  x: number;
  y: number;
  scale: number;
}

/** Arm angles in degrees from hanging straight down, positive outwards; the right arm is the viewer's left. */
export interface Pose {
  left?: number;
  right?: number;
}

/** A robot's colours and parts. */
interface Build {
  body: string;
  trim: string;
  joint: string;
  eye: string;
  /** Legs' colour when it differs (Optimus's blue). */
  legs?: string;
  head: (c: Canvas) => void;
  chest: (c: Canvas) => void;
  back?: (c: Canvas) => void;
  /** Drawn at the right hand (local frame of the arm, hand at 0,0). */
  weapon?: (c: Canvas) => void;
  /** Head size factor (K1's big head). */
  stocky?: boolean;
}

const mirror = (draw: (side: 1 | -1) => void) => {
  draw(-1);
  draw(1);
};

/** The frame every robot stands on, in a local space: feet at 0, head top near -330. */
function humanoid(c: Canvas, at: Place, b: Build, pose: Pose = {}): void {
  c.ground(at.x, at.y + 2, 120 * at.scale, 14 * at.scale);
  c.group({ transform: `translate(${at.x} ${at.y}) scale(${at.scale})` }, () => {
    b.back?.(c);
    const legs = b.legs ?? b.body;
    // Legs: thigh, knee, shin, foot.
    mirror((s) => {
      const x = s < 0 ? -50 : 14;
      c.plate(x + 6, -132, 30, 56, b.joint, 3, false);
      c.shape(
        poly([
          [x, -84],
          [x + 36, -84],
          [x + 40, -18],
          [x - 4, -18],
        ]),
        legs,
      );
      c.plate(x + 2, -96, 32, 20, shade(legs, 0.1), 5);
      c.plate(x - 8, -20, 52, 20, b.trim, 5);
    });
    // Pelvis, waist.
    c.plate(-50, -154, 100, 30, b.trim, 6);
    c.plate(-34, -176, 68, 26, b.joint, 4, false);
    // Arms, hung from the shoulder joints at (±86, -236).
    mirror((s) => {
      const angle = (s < 0 ? (pose.right ?? 6) : (pose.left ?? 6)) * -s;
      c.group({ transform: `rotate(${angle} ${s * 86} -236)` }, () => {
        c.group({ transform: `translate(${s * 86} -236)` }, () => {
          c.plate(-12, 0, 24, 52, b.joint, 4, false);
          c.ball(0, 56, 13, b.joint);
          c.shape(
            poly([
              [-17, 58],
              [17, 58],
              [19, 112],
              [-19, 112],
            ]),
            b.body,
          );
          c.ball(0, 122, 13, shade(b.trim, 0.15));
          if (s < 0 && b.weapon) c.group({ transform: 'translate(0 122)' }, () => b.weapon!(c));
        });
      });
    });
    // Torso.
    c.shape(
      poly([
        [-72, -256],
        [72, -256],
        [62, -200],
        [42, -170],
        [-42, -170],
        [-62, -200],
      ]),
      b.body,
    );
    b.chest(c);
    // Shoulders.
    mirror((s) =>
      c.shape(
        poly([
          [s * 58, -262],
          [s * 104, -256],
          [s * 110, -222],
          [s * 66, -214],
        ]),
        shade(b.body, -0.05),
      ),
    );
    // Neck and head.
    c.plate(-14, -272, 28, 20, b.joint, 3, false);
    c.group({ transform: b.stocky ? 'translate(0 -262) scale(1.55) translate(0 262)' : '' }, () => b.head(c));
  });
}

/** Two eyes that glow, at (±dx, y). */
const eyes = (c: Canvas, y: number, dx: number, color: string, r = 4.5) => mirror((s) => c.glow(s * dx, y, r, color));

// ---------------------------------------------------------------- robots

const BUMBLEBEE: Build = {
  body: '#f4c21b',
  trim: '#232428',
  joint: '#5e636b',
  eye: '#46c8ff',
  back: (c) =>
    mirror((s) => {
      // Door wings, raised behind the shoulders.
      c.shape(
        poly([
          [s * 60, -250],
          [s * 150, -300],
          [s * 160, -240],
          [s * 80, -215],
        ]),
        '#f4c21b',
      );
      c.glass(
        poly([
          [s * 78, -246],
          [s * 142, -282],
          [s * 148, -250],
          [s * 88, -228],
        ]),
      );
    }),
  chest: (c) => {
    // The coupé's bonnet as the chest: two black stripes, headlights.
    c.flat(
      poly([
        [-22, -256],
        [-8, -256],
        [-8, -176],
        [-22, -176],
      ]),
      '#1b1c1f',
    );
    c.flat(
      poly([
        [8, -256],
        [22, -256],
        [22, -176],
        [8, -176],
      ]),
      '#1b1c1f',
    );
    mirror((s) => c.glow(s * 50, -236, 5, '#fff6c8'));
    c.plate(-40, -206, 80, 14, '#2b2d31', 3, false);
  },
  head: (c) => {
    c.shape('M-30 -272 L-34 -306 Q0 -336 34 -306 L30 -272 Z', '#2a2c31');
    mirror((s) =>
      c.shape(
        poly([
          [s * 32, -312],
          [s * 44, -326],
          [s * 42, -294],
          [s * 32, -284],
        ]),
        '#f4c21b',
      ),
    );
    c.shape(
      poly([
        [-22, -296],
        [22, -296],
        [18, -272],
        [-18, -272],
      ]),
      '#c9ced6',
    );
    eyes(c, -300, 12, '#46c8ff');
  },
};

const BUMBLEBEE_G1: Build = {
  ...BUMBLEBEE,
  body: '#f7c72a',
  back: (c) =>
    mirror((s) =>
      c.shape(
        poly([
          [s * 62, -246],
          [s * 126, -268],
          [s * 130, -226],
          [s * 74, -212],
        ]),
        '#f7c72a',
      ),
    ),
  chest: (c) => {
    // The beetle's round bonnet and headlights.
    c.shape('M-58 -252 Q0 -286 58 -252 L48 -196 L-48 -196 Z', shade('#f7c72a', 0.05));
    c.glass(
      poly([
        [-40, -248],
        [40, -248],
        [34, -222],
        [-34, -222],
      ]),
    );
    mirror((s) => c.ball(s * 46, -206, 9, '#e6e9ee'));
  },
  head: (c) => {
    c.shape('M-28 -272 L-30 -306 Q0 -326 30 -306 L28 -272 Z', '#d9b022');
    mirror((s) =>
      c.shape(
        poly([
          [s * 14, -316],
          [s * 22, -340],
          [s * 26, -338],
          [s * 22, -312],
        ]),
        '#2a2c31',
      ),
    );
    c.shape(
      poly([
        [-20, -296],
        [20, -296],
        [16, -274],
        [-16, -274],
      ]),
      '#d7dbe1',
    );
    eyes(c, -300, 11, '#46c8ff');
  },
};

const MEGATRON: Build = {
  body: '#8e949d',
  trim: '#3f2758',
  joint: '#4d5159',
  eye: '#ff3b30',
  back: (c) =>
    // The tank's tracks folded onto the back, showing behind the shoulders.
    mirror((s) => c.plate(s > 0 ? 86 : -122, -300, 36, 110, '#34363b', 8)),
  chest: (c) => {
    c.shape(
      poly([
        [-48, -248],
        [48, -248],
        [36, -206],
        [0, -190],
        [-36, -206],
      ]),
      '#4b2f69',
    );
    c.shape(
      poly([
        [-18, -240],
        [18, -240],
        [10, -214],
        [0, -204],
        [-10, -214],
      ]),
      '#b9bec7',
    );
    mirror((s) => c.line(`M${s * 54} -196 L${s * 40} -174`, '#2b2d31', 3));
  },
  head: (c) => {
    // The bucket helmet with its crest.
    c.shape(
      poly([
        [-34, -270],
        [-38, -322],
        [-14, -340],
        [14, -340],
        [38, -322],
        [34, -270],
      ]),
      '#7d838c',
    );
    c.shape(
      poly([
        [-6, -344],
        [6, -344],
        [8, -306],
        [-8, -306],
      ]),
      '#a9aeb6',
    );
    c.shape(
      poly([
        [-24, -306],
        [24, -306],
        [20, -274],
        [0, -266],
        [-20, -274],
      ]),
      '#d4d8de',
    );
    eyes(c, -298, 11, '#ff3b30', 4);
  },
  weapon: (c) => {
    // The fusion cannon along the forearm.
    c.shape('M-22 -70 L22 -70 L24 26 Q0 36 -24 26 Z', '#4a4d55');
    c.plate(-16, -40, 32, 12, '#6b3f90', 3, false);
    c.ball(0, 26, 12, '#1d1e22');
    c.glow(0, 28, 6, '#ff5a3c');
  },
};

const OPTIMUS: Build = {
  body: '#c8162f',
  trim: '#8f959e',
  joint: '#5b6068',
  eye: '#5ac8fa',
  legs: '#2356b5',
  back: (c) => mirror((s) => c.plate(s * 112 - 9, -318, 18, 80, '#cfd4db', 8)),
  chest: (c) => {
    // The cab's windows and grille.
    mirror((s) =>
      c.glass(
        poly([
          [s * 6, -250],
          [s * 62, -250],
          [s * 56, -210],
          [s * 6, -210],
        ]),
        '#24496e',
      ),
    );
    c.plate(-30, -204, 60, 28, '#cfd4db', 3);
    for (let i = 0; i < 5; i++) c.line(`M${-24 + i * 12} -200 L${-24 + i * 12} -180`, '#7e848d', 2);
  },
  head: (c) => {
    c.shape('M-30 -270 L-32 -312 Q0 -332 32 -312 L30 -270 Z', '#2356b5');
    mirror((s) =>
      c.shape(
        poly([
          [s * 30, -306],
          [s * 38, -338],
          [s * 42, -336],
          [s * 38, -296],
        ]),
        '#2d66c9',
      ),
    );
    c.shape(
      poly([
        [-4, -330],
        [4, -330],
        [6, -310],
        [-6, -310],
      ]),
      '#2d66c9',
    );
    c.shape(
      poly([
        [-22, -290],
        [22, -290],
        [18, -268],
        [-18, -268],
      ]),
      '#cfd4db',
    );
    for (let i = 0; i < 3; i++) c.line(`M${-10 + i * 10} -286 L${-10 + i * 10} -272`, '#7e848d', 1.5);
    eyes(c, -300, 11, '#5ac8fa', 4);
  },
};

const GRIMLOCK: Build = {
  body: '#a9afb8',
  trim: '#c99a2e',
  joint: '#5b6068',
  eye: '#4fc6ff',
  back: (c) =>
    // The dinosaur's tail and spines behind.
    mirror((s) =>
      c.shape(
        poly([
          [s * 40, -250],
          [s * 70, -300],
          [s * 82, -294],
          [s * 66, -236],
        ]),
        '#c99a2e',
      ),
    ),
  chest: (c) => {
    c.glass(
      poly([
        [-46, -248],
        [46, -248],
        [30, -204],
        [-30, -204],
      ]),
      '#5a1f1f',
    );
    c.plate(-40, -200, 80, 20, '#c99a2e', 3);
  },
  head: (c) => {
    c.shape('M-28 -270 L-30 -310 Q0 -324 30 -310 L28 -270 Z', '#8e949d');
    // The crown.
    c.shape('M-34 -308 L-30 -340 L-16 -322 L0 -346 L16 -322 L30 -340 L34 -308 Z', '#d8a935');
    c.glass(
      poly([
        [-24, -304],
        [24, -304],
        [22, -290],
        [-22, -290],
      ]),
      '#1f6fa8',
    );
    c.glow(0, -297, 3, '#7fdcff');
    c.shape(
      poly([
        [-16, -286],
        [16, -286],
        [12, -270],
        [-12, -270],
      ]),
      '#c6cbd2',
    );
  },
  weapon: (c) => {
    // The sword, held point up.
    c.plate(-5, -10, 10, 24, '#3b3d42', 2, false);
    c.plate(-16, -16, 32, 8, '#c99a2e', 3, false);
    c.shape('M-7 -16 L7 -16 L5 -160 L0 -176 L-5 -160 Z', '#ffb347', 0.45);
  },
};

const RANGER: Build = {
  body: '#f3f3f0',
  trim: '#5a3a91',
  joint: '#3fae49',
  eye: '#2e2e2e',
  legs: '#f3f3f0',
  back: (c) =>
    mirror((s) => {
      // Wings, spread.
      c.shape(
        poly([
          [s * 40, -250],
          [s * 170, -236],
          [s * 176, -214],
          [s * 40, -212],
        ]),
        '#eeeeea',
      );
      c.flat(
        poly([
          [s * 150, -238],
          [s * 170, -236],
          [s * 176, -214],
          [s * 156, -215],
        ]),
        '#d6332c',
      );
    }),
  chest: (c) => {
    c.plate(-48, -250, 96, 14, '#3fae49', 5);
    c.plate(-30, -228, 60, 40, '#5a3a91', 5);
    ['#d6332c', '#3fae49', '#2f7df6'].forEach((col, i) => c.ball(-16 + i * 16, -208, 6, col));
  },
  head: (c) => {
    // The helmet's dome over a purple hood and the face.
    c.shape('M-30 -268 Q-34 -318 0 -326 Q34 -318 30 -268 Z', '#5a3a91');
    c.ball(0, -290, 19, '#f0c9a6');
    mirror((s) => c.ball(s * 7, -293, 2.4, '#3b2a20'));
    mirror((s) => c.line(`M${s * 4} -299 L${s * 11} -301`, '#5a3a2a', 1.5));
    c.line('M-6 -282 Q0 -278 6 -282', '#8a4a3a', 1.6);
    c.add(`<circle cx="0" cy="-294" r="40" fill="#bfe3ff" opacity=".25" stroke="#e8f4ff" stroke-width="2"/>`);
    c.add('<path d="M-26 -318 Q-10 -332 12 -330" fill="none" stroke="#fff" stroke-width="4" opacity=".7" stroke-linecap="round"/>');
    c.plate(-36, -262, 72, 10, '#3fae49', 4, false);
  },
};

const K1: Build = {
  body: '#eef1f5',
  trim: '#2f7df6',
  joint: '#8a929c',
  eye: '#46e0ff',
  stocky: true,
  chest: (c) => {
    c.plate(-40, -246, 80, 50, '#dfe4ea', 10);
    c.glass(
      poly([
        [-28, -238],
        [28, -238],
        [28, -210],
        [-28, -210],
      ]),
      '#152233',
    );
    for (let i = 0; i < 4; i++)
      c.flat(
        poly([
          [-22 + i * 12, -216],
          [-14 + i * 12, -216],
          [-14 + i * 12, -222 - ((i * 7) % 12)],
          [-22 + i * 12, -222 - ((i * 7) % 12)],
        ]),
        '#46e0ff',
      );
  },
  head: (c) => {
    c.shape('M-32 -268 Q-36 -316 0 -318 Q36 -316 32 -268 Z', '#eef1f5');
    c.glass('M-24 -274 Q-26 -304 0 -306 Q26 -304 24 -274 Z', '#0f1a28');
    eyes(c, -290, 10, '#46e0ff', 4);
    c.line('M0 -318 L0 -330', '#8a929c', 2.5);
    c.glow(0, -332, 3, '#2f7df6');
  },
};

const ROBOTS = { bumblebee: BUMBLEBEE, bumblebeeG1: BUMBLEBEE_G1, megatron: MEGATRON, optimus: OPTIMUS, grimlock: GRIMLOCK, ranger: RANGER, k1: K1 };
export type RobotName = keyof typeof ROBOTS;

export function robot(c: Canvas, name: RobotName, at: Place, pose?: Pose): void {
  humanoid(c, at, ROBOTS[name], pose);
}

// ---------------------------------------------------------------- vehicles (side views, facing right, 1 = about 440 long)

/** The coupé: Bumblebee's car form, with its black stripes. */
export function coupe(c: Canvas, at: Place): void {
  c.ground(at.x, at.y + 2, 240 * at.scale, 16 * at.scale);
  c.group({ transform: `translate(${at.x} ${at.y}) scale(${at.scale})` }, () => {
    c.shape(
      'M-220 -40 Q-226 -78 -196 -86 L-120 -96 Q-70 -150 10 -150 Q70 -150 110 -104 L196 -92 Q226 -86 224 -56 L220 -30 Q210 -20 190 -20 L-200 -20 Q-220 -22 -220 -40 Z',
      '#f4c21b',
    );
    c.glass('M-96 -100 Q-56 -140 8 -140 Q56 -140 90 -104 Z');
    c.line('M-4 -140 L-10 -100', '#f4c21b', 5);
    c.flat('M110 -104 L196 -92 L198 -84 L112 -96 Z', '#1b1c1f');
    c.flat('M-196 -86 L-120 -96 L-118 -88 L-196 -78 Z', '#1b1c1f');
    c.line('M-150 -60 L160 -60', shade('#f4c21b', -0.35), 1.5);
    c.glow(212, -70, 6, '#fff6c8');
    c.flat('M-222 -64 L-212 -66 L-212 -54 L-222 -52 Z', '#d6332c');
    c.wheel(-130, -28, 40);
    c.wheel(140, -28, 40);
  });
}

/** The beetle: G1 Bumblebee's car form. */
export function beetle(c: Canvas, at: Place): void {
  c.ground(at.x, at.y + 2, 210 * at.scale, 16 * at.scale);
  c.group({ transform: `translate(${at.x} ${at.y}) scale(${at.scale})` }, () => {
    c.shape('M-196 -34 Q-204 -80 -150 -96 Q-110 -190 10 -190 Q120 -190 150 -100 Q200 -90 198 -40 L194 -24 L-190 -24 Z', '#f7c72a');
    c.glass('M-112 -104 Q-80 -172 0 -174 L0 -104 Z');
    c.glass('M14 -174 Q100 -172 122 -104 L14 -104 Z');
    c.line('M-150 -60 L160 -60', shade('#f7c72a', -0.35), 1.5);
    c.ball(168, -78, 12, '#e6e9ee');
    c.plate(-206, -40, 30, 10, '#c9ced6', 4, false);
    c.plate(178, -40, 30, 10, '#c9ced6', 4, false);
    c.wheel(-118, -30, 38);
    c.wheel(118, -30, 38);
  });
}

/** The tank: Megatron's vehicle form. */
export function tank(c: Canvas, at: Place): void {
  c.ground(at.x, at.y + 2, 240 * at.scale, 18 * at.scale);
  c.group({ transform: `translate(${at.x} ${at.y}) scale(${at.scale})` }, () => {
    c.shape('M-210 -60 Q-214 -10 -180 -4 L180 -4 Q214 -10 210 -60 Z', '#2e3035');
    for (let i = 0; i < 7; i++) c.wheel(-162 + i * 54, -30, 22, '#6c7079');
    c.shape(
      poly([
        [-200, -64],
        [200, -64],
        [190, -96],
        [-186, -96],
      ]),
      '#8e949d',
    );
    c.plate(-176, -92, 352, 10, '#4b2f69', 3, false);
    c.shape(
      poly([
        [-110, -96],
        [90, -96],
        [70, -150],
        [-90, -150],
      ]),
      '#7f858e',
    );
    c.shape('M60 -128 L300 -132 L300 -116 L60 -112 Z', '#6c7079');
    c.plate(290, -138, 22, 28, '#4a4d55', 3, false);
    c.shape(
      poly([
        [-40, -150],
        [20, -150],
        [14, -166],
        [-34, -166],
      ]),
      '#8e949d',
    );
    c.glow(-56, -128, 3.5, '#ff3b30');
  });
}

/** The truck: Optimus Prime's cab (without trailer). */
export function truck(c: Canvas, at: Place): void {
  c.ground(at.x, at.y + 2, 240 * at.scale, 18 * at.scale);
  c.group({ transform: `translate(${at.x} ${at.y}) scale(${at.scale})` }, () => {
    c.plate(-230, -70, 300, 16, '#4a4d55', 3, false);
    c.shape('M-60 -260 L60 -260 Q80 -260 84 -236 L92 -130 L220 -124 Q236 -122 236 -100 L236 -50 L-70 -50 L-70 -250 Q-70 -260 -60 -260 Z', '#c8162f');
    c.flat('M-70 -120 L236 -112 L236 -50 L-70 -50 Z', '#2356b5');
    c.glass('M-20 -240 L54 -240 Q66 -240 68 -226 L74 -160 L-20 -160 Z', '#24496e');
    c.plate(196, -128, 40, 72, '#cfd4db', 4);
    for (let i = 0; i < 5; i++) c.line(`M${202 + i * 7} -122 L${202 + i * 7} -62`, '#7e848d', 2);
    c.plate(-92, -310, 16, 200, '#cfd4db', 7);
    c.plate(-100, -110, 160, 20, '#cfd4db', 5);
    c.glow(228, -142, 5, '#fff6c8');
    c.wheel(-170, -40, 38);
    c.wheel(-80, -40, 38);
    c.wheel(170, -40, 38);
  });
}

/** The dinosaur: Grimlock's beast form, jaws open. */
export function dinosaur(c: Canvas, at: Place, open = 18): void {
  c.ground(at.x, at.y + 2, 220 * at.scale, 16 * at.scale);
  c.group({ transform: `translate(${at.x} ${at.y}) scale(${at.scale})` }, () => {
    // Tail and body.
    c.shape('M-250 -170 Q-150 -200 -40 -230 Q40 -250 80 -220 L70 -150 Q0 -110 -80 -130 Q-170 -150 -250 -160 Z', '#a9afb8');
    mirror(
      (s) =>
        s > 0 &&
        c.shape(
          poly([
            [-60, -232],
            [-40, -268],
            [-20, -238],
            [0, -272],
            [20, -244],
            [40, -270],
            [56, -236],
          ]),
          '#c99a2e',
        ),
    );
    // Legs.
    c.shape('M-70 -150 L-30 -150 L-20 -70 L-4 -16 L-70 -12 L-60 -70 Z', '#8e949d');
    c.plate(-84, -20, 84, 18, '#c99a2e', 5);
    c.shape('M0 -140 L40 -150 L50 -70 L66 -16 L4 -14 L12 -70 Z', '#a9afb8');
    c.plate(-6, -20, 86, 18, '#c99a2e', 5);
    // Arms.
    c.shape('M70 -190 L110 -170 L104 -150 L66 -168 Z', '#8e949d');
    // Neck and head.
    c.shape('M50 -226 Q90 -300 150 -300 L230 -292 Q248 -290 246 -272 L240 -262 L140 -256 Q110 -240 84 -190 Z', '#b4bac2');
    c.group({ transform: `rotate(${open} 140 -258)` }, () => c.shape('M140 -258 L236 -258 Q240 -240 226 -238 L140 -236 Z', '#8e949d'));
    c.shape(
      poly([
        [120, -302],
        [184, -304],
        [178, -292],
        [124, -290],
      ]),
      '#c99a2e',
    );
    c.glow(160, -282, 4, '#ff3b30');
    for (let i = 0; i < 6; i++)
      c.flat(
        poly([
          [160 + i * 13, -262],
          [168 + i * 13, -262],
          [164 + i * 13, -252],
        ]),
        '#fff',
      );
  });
}

/** The AI base: a round pedestal with its ring of light. */
export function base(c: Canvas, at: Place, light = '#2f7df6'): void {
  c.ground(at.x, at.y + 2, 190 * at.scale, 22 * at.scale);
  c.group({ transform: `translate(${at.x} ${at.y}) scale(${at.scale})` }, () => {
    c.shape('M-170 -40 L-170 -14 Q0 30 170 -14 L170 -40 Z', '#2b2e34');
    c.add(`<ellipse cx="0" cy="-40" rx="170" ry="34" fill="${c.lit('#3a3e46')}" stroke="#1c1e22" stroke-width="1.2"/>`);
    c.add(`<ellipse cx="0" cy="-40" rx="140" ry="26" fill="none" stroke="${light}" stroke-width="7" opacity=".95"/>`);
    c.add(`<ellipse cx="0" cy="-40" rx="140" ry="26" fill="none" stroke="${light}" stroke-width="20" opacity=".25"/>`);
    c.add(`<ellipse cx="0" cy="-44" rx="100" ry="16" fill="${c.lit('#4a4f58')}"/>`);
    c.line('M-150 -12 Q0 22 150 -12', light, 3, 0.8);
    c.glow(0, -44, 4, light);
  });
}
