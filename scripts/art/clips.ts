/**
 * Writes the product videos the pages play without a media host
 * (client/static/media/{media}.webm and .mp4): original 5-second animations of the product
 * art — the robot in its light, its arm (Megatron's cannon, the ranger's salute) raised, then
 * its vehicle driving in, or the ranger crossing the stars. Frames are drawn with the art kit,
 * rendered by sharp and encoded by ffmpeg. Committed, so the build and CI need neither; run
 * `npx tsx scripts/art/clips.ts` to change them (needs `apt-get install -y ffmpeg`).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { Canvas } from './kit';
import { robot, tank, truck, type Place, type RobotName } from './machines';

const media = join(dirname(fileURLToPath(import.meta.url)), '../../client/static/media');
const W = 640;
const H = 360;
const FPS = 15;
const SECONDS = 5;

/** 0…1 eased in and out. */
const ease = (t: number) => (t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t));
/** Where `t` (seconds) is between `from` and `to`, eased: 0 before, 1 after. */
const span = (t: number, from: number, to: number) => ease((t - from) / (to - from));

interface Clip {
  robot: RobotName;
  tone: string;
  /** The arm raised in the first act, and to what angle. */
  arm: 'left' | 'right';
  angle: number;
  /** A light at the raised hand (the cannon firing). */
  fire?: boolean;
  /** The second act: a vehicle driving in, or a flight across the stars. */
  vehicle?: (c: Canvas, at: Place) => void;
}

const CLIPS: Record<string, Clip> = {
  'flagship-megatron/convert': { robot: 'megatron', tone: '#3a3340', arm: 'right', angle: 90, fire: true, vehicle: tank },
  'toy-story-buzz-lightyear/banner': { robot: 'ranger', tone: '#c8c4e6', arm: 'left', angle: 150 },
  'toy-story-buzz-lightyear/scene': { robot: 'ranger', tone: '#2b2466', arm: 'left', angle: 150 },
  'optimus-prime-limited-edition/key-visual': { robot: 'optimus', tone: '#cfc3b0', arm: 'left', angle: 40, vehicle: truck },
};

function stars(c: Canvas, t: number): void {
  for (let i = 0; i < 50; i++) {
    const x = (((i * 97 - t * 160 * (1 + (i % 3))) % W) + W) % W;
    c.add(`<circle cx="${x.toFixed(1)}" cy="${(i * 53) % 300}" r="${i % 5 === 0 ? 1.8 : 1}" fill="#fff" opacity="${0.4 + (i % 3) * 0.2}"/>`);
  }
}

/** One frame at `t` seconds. */
function frame(clip: Clip, t: number): string {
  const c = new Canvas(W, H).backdrop(clip.tone, 320);
  const second = span(t, 2.4, 3.0);
  // Act one: the robot steps up to the light and raises its arm.
  if (second < 1) {
    const scale = 0.78 + 0.08 * span(t, 0, 2.4);
    const pose = { [clip.arm]: 6 + (clip.angle - 6) * span(t, 0.4, 1.4) };
    c.group({ opacity: (1 - second).toFixed(2) }, () => {
      robot(c, clip.robot, { x: W / 2, y: 340, scale }, pose);
      if (clip.fire && t > 1.6) c.glow(W / 2 - 146 * scale - 70 * span(t, 1.6, 1.9), 340 - 236 * scale + 4, 10 + 12 * Math.sin((t - 1.6) * 9) ** 2, '#ff5a3c');
    });
  }
  // Act two: the vehicle drives in from the right, or the ranger flies across the stars.
  if (second > 0) {
    c.group({ opacity: second.toFixed(2) }, () => {
      if (clip.vehicle) clip.vehicle(c, { x: W / 2 + 360 * (1 - span(t, 2.4, 4.2)), y: 320, scale: 0.62 });
      else {
        stars(c, t);
        c.group({ transform: `rotate(-12 ${W / 2} 200)` }, () =>
          robot(c, clip.robot, { x: W / 2 - 40 + 60 * span(t, 2.4, 5), y: 330, scale: 0.72 }, { left: 150 }),
        );
      }
    });
  }
  // A sweep of light at the change.
  const flash = Math.max(0, 1 - Math.abs(t - 2.7) / 0.3);
  if (flash > 0) c.add(`<rect width="${W}" height="${H}" fill="#fff" opacity="${(flash * 0.55).toFixed(2)}"/>`);
  return c.svg();
}

async function write(name: string, clip: Clip): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'clip-'));
  const frames = FPS * SECONDS;
  for (let i = 0; i < frames; i++)
    await sharp(Buffer.from(frame(clip, i / FPS)))
      .png()
      .toFile(join(dir, `${String(i).padStart(4, '0')}.png`));
  const out = join(media, name);
  mkdirSync(dirname(out), { recursive: true });
  const input = ['-y', '-loglevel', 'error', '-framerate', String(FPS), '-i', join(dir, '%04d.png'), '-an', '-pix_fmt', 'yuv420p'];
  execFileSync('ffmpeg', [...input, '-c:v', 'libvpx-vp9', '-b:v', '160k', '-deadline', 'good', '-row-mt', '1', `${out}.webm`]);
  execFileSync('ffmpeg', [...input, '-c:v', 'libx264', '-profile:v', 'baseline', '-b:v', '180k', '-movflags', '+faststart', `${out}.mp4`]);
  rmSync(dir, { recursive: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [name, clip] of Object.entries(CLIPS)) await write(name, clip);
  console.log(`clips: wrote ${Object.keys(CLIPS).length} videos to client/static/media/`);
}
