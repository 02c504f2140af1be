#!/usr/bin/env node
// `node scripts/art/icons.mjs`: the home-screen icons, drawn from the favicon's mark with Chromium
// (no image tool needed): apple-touch-icon.png (180 px, opaque: iOS rounds the corners itself)
// and the web manifest's 192 and 512 px icons, whose mark sits in the maskable safe zone (the
// middle 80 %) so Android can cut any shape from them. Run it when the mark changes; the PNGs
// are committed under client/static.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../local/chromium.mjs';
import { root } from '../local/worker.mjs';

// The favicon's mark without its rounded tile: the tile becomes the icon's full square.
const favicon = readFileSync(join(root, 'client/static/images/favicon.svg'), 'utf8');
const mark = favicon.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '').replace(/<rect width="32" height="32"[^>]*\/>/, '');
const tile = /<rect width="32" height="32"[^>]*fill="([^"]+)"/.exec(favicon)?.[1] ?? '#f5c400';

const ICONS = [
  { file: 'client/static/apple-touch-icon.png', size: 180 },
  { file: 'client/static/images/icon-192.png', size: 192 },
  { file: 'client/static/images/icon-512.png', size: 512 },
];

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  for (const { file, size } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    // The mark at 60 % of the square, centred: inside the maskable safe zone.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" fill="${tile}"/><g transform="translate(16 16) scale(0.75) translate(-16 -16)">${mark}</g></svg>`;
    await page.setContent(`<body style="margin:0">${svg}</body>`);
    await page.screenshot({ path: join(root, file), clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`icons: ${file} (${size} px)`);
  }
} finally {
  await browser.close();
}
