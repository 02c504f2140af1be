/**
 * The one image component (docs/decisions/0035-art-images-and-share-pictures.md): every
 * product picture the pages and islands show goes through `resolvePicture` (where its bytes
 * come from) and `<Picture>` (the markup). The server resolves, the islands get the resolved
 * picture as props and render the same markup.
 *
 * - A vector (SVG: the bundled art, drawn by scripts/art) is drawn by the build as PNG and
 *   WebP at widths up to twice its size (`artWidths`, scripts/build/pictures.ts): a `<picture>` of
 *   the WebP widths, then the PNG ones, and the SVG as the `<img>`'s own `src` for a browser
 *   that reads no `srcset`. A phone then decodes a picture off its main thread instead of
 *   building, styling and painting an SVG document on it for every picture (decision 0049).
 *   Cloudflare passes SVG through untransformed, so the art stays on this site with or
 *   without a media host. An island shows the SVG itself (`islandPicture`).
 * - A raster (the brand's photographs: JPEG, PNG, WebP, AVIF) comes in widths:
 *   - with a media host (`MEDIA_ORIGIN`), through Cloudflare Image Transformations,
 *     `{origin}/cdn-cgi/image/format=auto,width=W,quality=Q{path}`: the edge picks AVIF or
 *     WebP by the browser's Accept header and the original format for a browser that takes
 *     neither, which is the spec's "without WebP, image sources are rewritten to drop the
 *     WebP conversion" (docs/spec/platform.md §4) done where it belongs;
 *   - without one, the build's variants beside the file (`hero.jpg` → `hero-640w.avif`,
 *     `-640w.webp`, `-640w.jpg`, scripts/build/pictures.ts) in a `<picture>`: AVIF, then WebP, then
 *     the original format.
 * Below the fold a picture loads lazily; the largest picture of the first view asks for
 * `fetchpriority="high"` and loads at once.
 */

/** A picture as a page names it: its path under the site, its size in CSS pixels, its alt text. */
export interface ImageRef {
  src: string;
  width: number;
  height: number;
  alt: string;
}

/** A picture ready to render: URLs resolved for where it is served from. */
export interface ResolvedPicture extends ImageRef {
  /** Widths of a raster (`url 640w, …`); absent for a vector. */
  srcSet?: string;
  /** Modern formats first, for a local raster's `<picture>`. */
  sources?: { type: string; srcSet: string }[];
}

/** The share pictures' size (og:image), the one Open Graph and X show in full: scripts/build/pictures.ts renders them, the head names it. */
export const SHARE_SIZE = { width: 1200, height: 630 } as const;

/** The widths rasters are offered in (each at most the picture's own). */
const WIDTHS = [320, 640, 960, 1280, 1920];
/** Cloudflare's quality for the transformed photographs: indistinguishable from 90 at about half the bytes. */
const QUALITY = 80;
/** Rasters by extension; anything else (SVG) is one URL at every size. */
const RASTER = /\.(jpe?g|png|webp|avif)$/i;
/** The local variants' formats, best first. */
const MODERN = [
  { ext: 'avif', type: 'image/avif' },
  { ext: 'webp', type: 'image/webp' },
] as const;

export const isRaster = (src: string) => RASTER.test(src);

/** The widths a raster `width` pixels wide is offered in: the ladder's smaller steps and its own. */
export function widthsOf(width: number): number[] {
  return [...WIDTHS.filter((w) => w < width), width];
}

/** The build's variant of a local raster: `/images/a/hero.jpg`, 640, `avif` → `/images/a/hero-640w.avif`. */
export function variantPath(src: string, width: number, ext?: string): string {
  const dot = src.lastIndexOf('.');
  return `${src.slice(0, dot)}-${width}w.${ext ?? src.slice(dot + 1)}`;
}

/** The widths vectors are drawn in, from an icon's to a full-width banner's on a sharp screen. */
const ART_WIDTHS = [48, 96, 160, 240, 320, 480, 640, 960, 1280, 1920];

/** The widths of ART_WIDTHS from `from` up to `to`, with the first at or past `to` (none is exactly twice another). */
function artSpan(from: number, to: number): number[] {
  const past = ART_WIDTHS.find((w) => w >= to);
  return [...ART_WIDTHS.filter((w) => w >= from && w < to), ...(past ? [past] : [])];
}

/**
 * The widths a vector shown `width` pixels wide is offered in: from half its size (a narrower
 * screen) to twice it (a sharp one), the next width up included, so a 32 px mini picture on a
 * phone at twice the density gets its 96 px drawing, not a 48 px one stretched. The build draws
 * every file from a quarter of its own width to twice it (`artWidthsOfFile`), so a page may show
 * a drawing at any size from half its own to its own (an icon up to 48 px).
 */
export function artWidths(width: number): number[] {
  return artSpan(width / 2, width * 2);
}

/** The widths the build draws a vector file `width` pixels wide in: enough for every size from half its own to its own, and an icon at 48 px. */
export function artWidthsOfFile(width: number): number[] {
  return artSpan(width / 4, Math.max(width * 2, 96));
}

/** A picture's resolved URLs (src, srcSet, sources), by file, width and media host: every render of a page asks for the same few dozen. */
const RESOLVED = new Map<string, Omit<ResolvedPicture, 'alt' | 'width' | 'height'>>();
const RESOLVED_MAX = 2_000;

/** Where a picture's bytes come from: the build's drawings of a vector, the media host's transformations, or the build's variants. */
export function resolvePicture(image: ImageRef, mediaOrigin: string): ResolvedPicture {
  const key = `${image.src}|${image.width}|${mediaOrigin}`;
  let urls = RESOLVED.get(key);
  if (!urls) {
    if (RESOLVED.size >= RESOLVED_MAX) RESOLVED.clear();
    const { alt: _, width: __, height: ___, ...resolved } = resolveUrls(image, mediaOrigin);
    RESOLVED.set(key, (urls = resolved));
  }
  return { ...image, ...urls };
}

function resolveUrls(image: ImageRef, mediaOrigin: string): ResolvedPicture {
  const vector = !isRaster(image.src);
  const widths = vector ? artWidths(image.width) : widthsOf(image.width);
  const set = (url: (w: number) => string) => widths.map((w) => `${url(w)} ${w}w`).join(', ');
  if (vector)
    return { ...image, srcSet: set((w) => variantPath(image.src, w, 'png')), sources: [{ type: 'image/webp', srcSet: set((w) => variantPath(image.src, w, 'webp')) }] };
  if (mediaOrigin) {
    const url = (w: number) => `${mediaOrigin}/cdn-cgi/image/format=auto,width=${w},quality=${QUALITY}${image.src}`;
    return { ...image, src: url(image.width), srcSet: set(url) };
  }
  return {
    ...image,
    srcSet: set((w) => variantPath(image.src, w)),
    sources: MODERN.map(({ ext, type }) => ({ type, srcSet: set((w) => variantPath(image.src, w, ext)) })),
  };
}

/** A picture as an island draws it: `<img {...picture} loading="lazy">`, so the islands download no component for it. */
export interface IslandPicture extends ImageRef {
  srcSet?: string;
  sizes?: string;
}

/**
 * A picture for an island's props: its URLs and `sizes`. Islands show one `<img>`: on the
 * media host, format=auto still serves AVIF or WebP; a local photograph is offered in its own
 * format's widths (the `<picture>` of AVIF and WebP is the server-rendered parts'); a vector
 * is the SVG itself, a few kB where its PNG widths would weigh tens.
 */
export function islandPicture({ sources: _, srcSet, ...image }: ResolvedPicture, sizes: string): IslandPicture {
  return isRaster(image.src) && srcSet ? { ...image, srcSet, sizes } : image;
}

interface PictureProps {
  image: ResolvedPicture;
  /** How wide it shows, for the browser to pick a width (`(min-width: 1024px) 50vw, 100vw`). */
  sizes?: string;
  className?: string;
  /** The largest picture of the first view: loads at once, first. Every other picture loads lazily. */
  priority?: boolean;
  /** Loads at once without asking to go first (a picture of the first view but not its largest). */
  eager?: boolean;
}

/** A picture: `<img>` for a vector or a transformed raster, `<picture>` for a local raster's formats. */
// NOTE: the islands download this: written small (the props spread, no branches it does not need).
export function Picture({ image: { sources, ...attributes }, sizes = '100vw', className, priority, eager }: PictureProps) {
  const img = (
    <img
      className={className}
      {...attributes}
      sizes={attributes.srcSet && sizes}
      loading={priority || eager ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
  return sources ? (
    <picture>
      {sources.map((source) => (
        <source key={source.type} {...source} sizes={sizes} />
      ))}
      {img}
    </picture>
  ) : (
    img
  );
}
