// The build's pictures (docs/decisions/0035-art-images-and-share-pictures.md), run by
// scripts/build/build.mjs once the static files are in dist/client:
// 1. Share pictures: 1200 × 630 JPEGs for every product and campaign page, the page's art
//    with the product's name and tagline in the edition's language (no price: prices differ
//    by edition and stage), one file per distinct text, and dist/share.json, which the head
//    reads for og:image and twitter:image (worker/head/share.ts).
// 2. The widths and formats of any photograph in client/static/images (AVIF, WebP and its
//    own format, kernel/picture.tsx names them) for pages served without a media host.
// 3. The art's widths: every drawing (SVG) but the site's icons as PNG and WebP from a quarter
//    of its width to twice it, which `resolvePicture` offers in place of the SVG (decision 0049).
// Rendering is sharp's (libvips, librsvg for SVG); a file already rendered from the same source
// is taken from the user's cache folder ($XDG_CACHE_HOME or ~/.cache, robolux-pictures), keyed
// by the source's hash, so a build that changes no picture renders none, in any clone of the
// repository on the machine.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import sharp from 'sharp';
import { REGIONS, EDITIONS, type Region } from '../../content/editions';
import { PAGES } from '../../content/pages';
import { PRODUCT_PAGES } from '../../content/products';
import { SHARE_SIZE, artWidthsOfFile, isRaster, variantPath, widthsOf } from '../../kernel/picture';
import { buildBundle, lookup } from '../../worker/bundle/build';
import { Canvas } from '../art/kit';
import { robot, type RobotName } from '../art/machines';

const root = join(import.meta.dirname, '../..');
const client = join(root, 'dist', 'client');
const cache = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'robolux-pictures');
mkdirSync(cache, { recursive: true });

/** Renders `svg` (or takes it from the cache) as `format`, and writes it to `file`. */
async function render(svg: string | Buffer, file: string, format: (image: sharp.Sharp) => sharp.Sharp, key: string, options?: sharp.SharpOptions): Promise<void> {
  const cached = join(cache, key);
  if (!existsSync(cached)) await format(sharp(typeof svg === 'string' ? Buffer.from(svg) : svg, options)).toFile(cached);
  mkdirSync(dirname(file), { recursive: true });
  copyFileSync(cached, file);
}

const hash = (text: string | Buffer) => createHash('sha256').update(text).digest('hex').slice(0, 12);

// ---------------------------------------------------------------- 1. share pictures

/** The campaigns' art: their robots lined up in the campaign's light. */
const CAMPAIGN_ART: Record<string, { tone: string; robots: RobotName[] }> = {
  'black-friday': { tone: '#3a3340', robots: ['megatron', 'bumblebee', 'optimus'] },
  'christmas-sale': { tone: '#6b2a2a', robots: ['ranger', 'optimus', 'k1'] },
  'back-to-school': { tone: '#d9b86a', robots: ['k1', 'bumblebeeG1', 'k1'] },
};

function campaignArt(slug: string): string {
  const { tone, robots } = CAMPAIGN_ART[slug]!;
  const c = new Canvas(640, 480).backdrop(tone);
  robots.forEach((name, i) => robot(c, name, { x: 170 + i * 170, y: 440 - (i === 1 ? 0 : 20), scale: i === 1 ? 0.95 : 0.78 }));
  return c.svg();
}

/** Font stacks by language: Noto Sans CJK (Debian's fonts-noto-cjk, which .ci/run installs) in the language's own glyph forms. */
const FONTS: Record<string, string> = {
  ja: "'Noto Sans CJK JP', 'Noto Sans', 'DejaVu Sans', sans-serif",
  ko: "'Noto Sans CJK KR', 'Noto Sans', 'DejaVu Sans', sans-serif",
  zh: "'Noto Sans CJK SC', 'Noto Sans', 'DejaVu Sans', sans-serif",
  latin: "'Noto Sans CJK SC', 'Noto Sans', 'DejaVu Sans', sans-serif",
};

/** Breaks `text` into lines of at most `max` ems: at spaces, or between any two CJK characters. */
export function wrap(text: string, max: number): string[] {
  const width = (s: string) => [...s].reduce((w, ch) => w + (/[\u2e80-\uffef]/.test(ch) ? 1 : /[A-Z]/.test(ch) ? 0.64 : 0.54), 0);
  const words = text.match(/[\u2e80-\uffef][\u3000-\u303f\uff00-\uffef]*|[^\s\u2e80-\uffef]+\s*|\s+/g) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && width(line + word.trimEnd()) > max) {
      lines.push(line.trimEnd());
      line = word.trimStart();
    } else line += word;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/** A share picture's SVG: the art on the right in its studio light, name and tagline on the dark left. */
function shareSvg(art: string, name: string, tagline: string, lang: string): string {
  const c = new Canvas(SHARE_SIZE.width, SHARE_SIZE.height);
  const font = FONTS[lang] ?? FONTS.latin!;
  c.add(`<rect width="1200" height="630" fill="#0e1014"/>`);
  c.add(`<image x="400" y="0" width="840" height="630" href="data:image/svg+xml;base64,${Buffer.from(art).toString('base64')}"/>`);
  const fade = c.define(
    'fade',
    '<linearGradient id="fade" x1="0" y1="0" x2="1" y2="0"><stop offset=".38" stop-color="#0e1014"/><stop offset=".62" stop-color="#0e1014" stop-opacity="0"/></linearGradient>',
  );
  c.add(`<rect width="1200" height="630" fill="${fade}"/>`);
  c.add('<rect x="72" y="96" width="56" height="4" fill="#d8b25a"/>');
  c.text(72, 84, 'ROBOLUX', { 'font-family': font, 'font-size': 22, 'font-weight': 700, 'letter-spacing': 6, fill: '#d8b25a' });
  let size = 60;
  let lines = wrap(name, 560 / size);
  if (lines.length > 2) lines = wrap(name, 560 / (size = 46));
  let y = 176;
  for (const line of lines) {
    c.text(72, y, line, { 'font-family': font, 'font-size': size, 'font-weight': 700, fill: '#ffffff' });
    y += size * 1.18;
  }
  y += 22;
  for (const line of wrap(tagline, 540 / 28).slice(0, 4)) {
    c.text(72, y, line, { 'font-family': font, 'font-size': 28, fill: '#c9ced6' });
    y += 40;
  }
  return c.svg();
}

/** A page's share picture in one edition: its file and the alt text og:image:alt gives it. */
export interface SharePicture {
  src: string;
  alt: string;
}

/** Name and tagline of a page in an edition: the heading and the hero's subtitle (products) or the lede (campaigns); a tagline quoting a figure is left off. */
function words(region: Region, slug: string, tagline: string): { name: string; tagline: string } {
  const messages = buildBundle(region).messages;
  const text = (key: string) => {
    const value = lookup(messages, key);
    return typeof value === 'string'
      ? value
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
      : '';
  };
  const line = text(tagline);
  // Prices and percentages differ by edition and stage, and change after the build.
  return { name: text(`head.${slug}.heading`), tagline: /\{\{|[$€£¥₩%]/.test(line) ? '' : line };
}

async function sharePictures(): Promise<Record<string, Partial<Record<Region, SharePicture>>>> {
  const pages: { slug: string; art: () => string; tagline: (region: Region) => string }[] = [
    ...PRODUCT_PAGES.map((page) => {
      const hero = page.sections.find((s) => s.kind === 'hero');
      const heroImage = page.images[hero?.kind === 'hero' ? hero.image : 'hero']!;
      return {
        slug: page.slug,
        art: () => readFileSync(join(root, 'client/static', heroImage.src), 'utf8'),
        tagline: () => `${page.namespace}.${hero?.copy ?? 'hero'}.subtitle`,
      };
    }),
    ...Object.keys(CAMPAIGN_ART).map((slug) => ({ slug, art: () => campaignArt(slug), tagline: () => `head.${slug}.lede` })),
  ];
  const out: Record<string, Partial<Record<Region, SharePicture>>> = {};
  const jobs: Promise<void>[] = [];
  const made = new Set<string>();
  for (const page of pages) {
    const def = PAGES.find((p) => p.slug === page.slug);
    const art = page.art();
    for (const region of REGIONS) {
      if (!def?.regions.includes(region)) continue;
      const { name, tagline } = words(region, page.slug, page.tagline(region));
      if (!name) continue;
      const htmlLang = EDITIONS[region].htmlLang.split('-')[0]!;
      const lang = ['ja', 'ko', 'zh'].includes(htmlLang) ? htmlLang : 'latin';
      const svg = shareSvg(art, name, tagline, lang);
      const key = hash(svg);
      const src = `/images/share/${page.slug}-${key}.jpg`;
      (out[page.slug] ??= {})[region] = { src, alt: tagline ? `${name}${lang === 'latin' ? ': ' : '：'}${tagline}` : name };
      if (made.has(src)) continue;
      made.add(src);
      jobs.push(render(svg, join(client, src), (image) => image.jpeg({ quality: 80, mozjpeg: true }), `${key}.jpg`));
    }
  }
  await Promise.all(jobs);
  return out;
}

// ---------------------------------------------------------------- 2. photographs' widths and formats

/** Every raster under `dir`, as paths under the site (`/images/…`). */
function rasters(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'share' ? [] : rasters(path, base);
    return isRaster(entry.name) && !/-\d+w\.\w+$/.test(entry.name) ? [`/images/${relative(base, path).split('\\').join('/')}`] : [];
  });
}

/** Writes each photograph's variants beside it in dist/client, as `resolvePicture` names them. */
export async function photoVariants(staticImages: string, outImages: string): Promise<number> {
  let count = 0;
  for (const src of rasters(staticImages)) {
    const bytes = readFileSync(join(staticImages, src.slice('/images/'.length)));
    const { width = 0 } = await sharp(bytes).metadata();
    const own = src.slice(src.lastIndexOf('.') + 1).toLowerCase();
    for (const w of widthsOf(width)) {
      for (const ext of ['avif', 'webp', own]) {
        const file = join(outImages, variantPath(src, w, ext).slice('/images/'.length));
        const encode = (image: sharp.Sharp) => image.resize({ width: w }).toFormat(ext === 'jpg' ? 'jpeg' : (ext as keyof sharp.FormatEnum), { quality: 80 });
        await render(bytes, file, encode, `${hash(bytes)}-${w}w.${ext}`);
        count++;
      }
    }
  }
  return count;
}

// ---------------------------------------------------------------- 3. the art's widths (decision 0049)

/** The icons drawn as SVG wherever they show (footer, support hub): below the first view, small, not worth a picture. */
const ICONS = /^\/images\/(favicon|social-[a-z]+)\.svg$|^\/images\/support\//;

/** Every drawing under `dir` (SVG, not one of the site's icons), as paths under the site. */
function drawings(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return drawings(path, base);
    const src = `/images/${relative(base, path).split('\\').join('/')}`;
    return entry.name.endsWith('.svg') && !ICONS.test(src) ? [src] : [];
  });
}

/** Writes each drawing's widths in PNG and WebP beside it in dist/client, as `resolvePicture` names them. */
export async function artVariants(staticImages: string, outImages: string): Promise<number> {
  const jobs: Promise<void>[] = [];
  for (const src of drawings(staticImages)) {
    const svg = readFileSync(join(staticImages, src.slice('/images/'.length)));
    const { width = 0 } = await sharp(svg).metadata();
    for (const w of artWidthsOfFile(width))
      for (const ext of ['png', 'webp'] as const) {
        const file = join(outImages, variantPath(src, w, ext).slice('/images/'.length));
        // librsvg draws at the density that makes the picture `w` wide: sharp edges, not an upscale.
        const encode = (image: sharp.Sharp) =>
          (ext === 'png' ? image.png({ compressionLevel: 9, palette: true, quality: 90 }) : image.webp({ quality: 80 })).resize({ width: w });
        jobs.push(render(svg, file, encode, `art-${hash(svg)}-${w}w.${ext}`, { density: (72 * w) / width }));
      }
  }
  await Promise.all(jobs);
  return jobs.length;
}

if (process.argv[1] === import.meta.filename) {
  const started = Date.now();
  const share = await sharePictures();
  writeFileSync(join(root, 'dist', 'share.json'), `${JSON.stringify(share, null, 2)}\n`);
  const variants = await photoVariants(join(root, 'client/static/images'), join(client, 'images'));
  const drawn = await artVariants(join(root, 'client/static/images'), join(client, 'images'));
  const files = new Set(Object.values(share).flatMap((byRegion) => Object.values(byRegion).map((p) => p!.src))).size;
  console.log(`build: ${files} share pictures, ${variants} photograph variants, ${drawn} drawings' widths in ${Date.now() - started} ms`);
}
