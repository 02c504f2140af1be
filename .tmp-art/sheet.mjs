import sharp from 'sharp';
import { readFileSync } from 'node:fs';
const files = process.argv.slice(3);
const W = 320, H = 240, cols = 4;
const tiles = await Promise.all(files.map(async (f, i) => ({ input: await sharp(readFileSync(f)).resize(W, H, { fit: 'contain', background: '#fff' }).png().toBuffer(), left: (i % cols) * W, top: Math.floor(i / cols) * H })));
await sharp({ create: { width: W * cols, height: H * Math.ceil(files.length / cols), channels: 3, background: '#fff' } }).composite(tiles).png().toFile(process.argv[2]);
