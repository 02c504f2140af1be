import { fileTypeFromBuffer } from 'file-type/core';
import { ATTACHMENTS } from '../../content/forms';

/**
 * What a support form's attachment is, decided from its bytes alone (docs/decisions/0030):
 * the `file-type` library names the format, which must be on the allow-list
 * (`ATTACHMENTS.types`), and the file must then be built as that format is (its segments,
 * chunks or boxes chain to the end), so a header in front of something else (a JPEG's first
 * bytes on an HTML page, `ftyp` at offset 4 on junk) is refused. The name a visitor sent is
 * reduced to a safe stem with the detected extension; the type stored is the detected one.
 */

/** A media type attachments may have. */
export type AttachmentType = (typeof ATTACHMENTS.types)[number];

/** The one extension each accepted type is stored under. */
const EXTENSIONS: Record<AttachmentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
};

const u16 = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32 = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u32le = (b: Uint8Array, at: number) => b[at]! + (b[at + 1]! << 8) + (b[at + 2]! << 16) + ((b[at + 3]! << 24) >>> 0);
const fourcc = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);

/** JPEG: marker segments with their lengths from SOI up to the scan (SOS), and an EOI after it. */
function jpeg(b: Uint8Array): boolean {
  if (b[0] !== 0xff || b[1] !== 0xd8) return false;
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return false;
    let marker = b[at + 1]!;
    // Fill bytes: any number of 0xFF before a marker.
    while (marker === 0xff && at + 2 < b.length) marker = b[++at + 1]!;
    // A marker without a length, or another image's start, has no place before the scan.
    if (marker === 0x00 || marker === 0x01 || marker === 0xd8 || marker === 0xd9 || (marker >= 0xd0 && marker <= 0xd7)) return false;
    const length = u16(b, at + 2);
    if (length < 2 || at + 2 + length > b.length) return false;
    if (marker === 0xda) {
      // The entropy-coded scan follows; the image ends with EOI (a camera may append bytes after it).
      for (let end = b.length - 2; end >= at + 2 + length; end--) if (b[end] === 0xff && b[end + 1] === 0xd9) return true;
      return false;
    }
    at += 2 + length;
  }
  return false;
}

/** PNG: the signature, IHDR first, then chunks (length, letters, data, CRC) up to IEND. */
function png(b: Uint8Array): boolean {
  let at = 8;
  let first = true;
  while (at + 12 <= b.length) {
    const length = u32(b, at);
    const type = fourcc(b, at + 4);
    if (!/^[A-Za-z]{4}$/.test(type) || at + 12 + length > b.length) return false;
    if (first && (type !== 'IHDR' || length !== 13)) return false;
    first = false;
    if (type === 'IEND') return true;
    at += 12 + length;
  }
  return false;
}

/** WebP: a RIFF whose size is the file's, holding a VP8, VP8L or VP8X chunk first and chunks to its end. */
function webp(b: Uint8Array): boolean {
  const size = u32le(b, 4);
  if (size + 8 !== b.length || !/^VP8[ LX]$/.test(fourcc(b, 12))) return false;
  let at = 12;
  while (at + 8 <= b.length) {
    if (!/^[\x20-\x7e]{4}$/.test(fourcc(b, at))) return false;
    at += 8 + u32le(b, at + 4) + (u32le(b, at + 4) % 2);
  }
  return at === b.length;
}

/** ISO BMFF (MP4, QuickTime): top-level boxes chained exactly to the file's end, `ftyp` first, a `moov` or `moof` among them. */
function isoBmff(b: Uint8Array): boolean {
  let at = 0;
  const types: string[] = [];
  while (at < b.length) {
    if (at + 8 > b.length) return false;
    let size = u32(b, at);
    const type = fourcc(b, at + 4);
    if (!/^[\x20-\x7e]{4}$/.test(type)) return false;
    if (size === 1) {
      if (at + 16 > b.length) return false;
      size = u32(b, at + 8) * 2 ** 32 + u32(b, at + 12);
      if (size < 16) return false;
    } else if (size === 0) size = b.length - at;
    else if (size < 8) return false;
    if (at + size > b.length) return false;
    types.push(type);
    at += size;
  }
  return types[0] === 'ftyp' && (types.includes('moov') || types.includes('moof'));
}

const WELL_FORMED: Record<AttachmentType, (bytes: Uint8Array) => boolean> = {
  'image/jpeg': jpeg,
  'image/png': png,
  'image/webp': webp,
  'video/mp4': isoBmff,
  'video/quicktime': isoBmff,
};

/** The largest picture accepted, per side and in all: a phone's 200-megapixel photo passes; a 50,000 × 50,000 bomb of 3 kB does not. */
const IMAGE_SIDE_MAX = 20_000;
const IMAGE_PIXELS_MAX = 200_000_000;

const sane = (width: number, height: number) =>
  width > 0 && height > 0 && width <= IMAGE_SIDE_MAX && height <= IMAGE_SIDE_MAX && width * height <= IMAGE_PIXELS_MAX;

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** PNG chunks a picture needs to be shown as taken (colour, transparency, density, animation); text and unknown chunks go. */
const PNG_KEPT = new Set(['IHDR', 'PLTE', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'pHYs', 'bKGD', 'IDAT', 'acTL', 'fcTL', 'fdAT', 'IEND']);

/** A PNG rewritten with only the chunks it needs, ending at IEND; undefined when its size is not sane. */
function cleanPng(b: Uint8Array): Uint8Array | undefined {
  if (!sane(u32(b, 16), u32(b, 20))) return undefined;
  const parts = [b.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= b.length) {
    const length = u32(b, at);
    const type = fourcc(b, at + 4);
    if (PNG_KEPT.has(type)) parts.push(b.subarray(at, at + 12 + length));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return concat(parts);
}

/** JPEG segments kept before the scan: JFIF, Exif (the photo's orientation), the colour profile, Adobe's colour transform, and the coding tables. */
function jpegKept(marker: number, b: Uint8Array, at: number): boolean {
  const id = String.fromCharCode(...b.subarray(at + 4, at + 16));
  if (marker === 0xe0) return id.startsWith('JFIF');
  if (marker === 0xe1) return id.startsWith('Exif\0');
  if (marker === 0xe2) return id.startsWith('ICC_PROFILE');
  if (marker === 0xee) return id.startsWith('Adobe');
  // Comments and every other application segment (XMP, vendor data) go.
  return marker !== 0xfe && (marker < 0xe0 || marker > 0xef);
}

/** A JPEG rewritten without comments, metadata beyond Exif and its colour profile, or anything after its end; undefined when its size is not sane. */
function cleanJpeg(b: Uint8Array): Uint8Array | undefined {
  const parts = [b.subarray(0, 2)];
  let at = 2;
  let size: [number, number] | undefined;
  while (at + 4 <= b.length) {
    let marker = b[at + 1]!;
    while (marker === 0xff) marker = b[++at + 1]!;
    const length = u16(b, at + 2);
    // Start of frame (baseline, progressive, lossless…): height, then width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) size = [u16(b, at + 7), u16(b, at + 5)];
    if (marker === 0xda) {
      // From the first scan to the image's end, as it is: its scans and the tables between
      // them. The end is the first EOI outside entropy-coded data (where 0xFF is followed by
      // 0x00 or a restart marker), so nothing after it is kept.
      let end = at + 2 + length;
      while (end + 1 < b.length) {
        if (b[end] !== 0xff) {
          end++;
          continue;
        }
        const next = b[end + 1]!;
        if (next === 0xd9) break;
        if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) end += next === 0xff ? 1 : 2;
        else end += 2 + u16(b, end + 2);
      }
      if (!size || !sane(...size) || end + 1 >= b.length) return undefined;
      parts.push(b.subarray(at, end + 2));
      return concat(parts);
    }
    if (jpegKept(marker, b, at)) parts.push(b.subarray(at, at + 2 + length));
    at += 2 + length;
  }
  return undefined;
}

const u24le = (b: Uint8Array, at: number) => b[at]! + (b[at + 1]! << 8) + (b[at + 2]! << 16);

/** A WebP's canvas, from its first chunk (VP8X, VP8L or VP8). */
function webpSize(b: Uint8Array): [number, number] {
  const kind = fourcc(b, 12);
  if (kind === 'VP8X') return [u24le(b, 24) + 1, u24le(b, 27) + 1];
  if (kind === 'VP8L') {
    const bits = u32le(b, 21);
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  return [(b[26]! | (b[27]! << 8)) & 0x3fff, (b[28]! | (b[29]! << 8)) & 0x3fff];
}

/** WebP chunks kept: the image, its alpha, animation, colour profile and Exif; XMP and unknown chunks go. */
const WEBP_KEPT = new Set(['VP8X', 'VP8 ', 'VP8L', 'ALPH', 'ANIM', 'ANMF', 'ICCP', 'EXIF']);

/** A WebP rewritten without XMP or unknown chunks (its RIFF size and VP8X flags to match); undefined when its size is not sane. */
function cleanWebp(b: Uint8Array): Uint8Array | undefined {
  if (!sane(...webpSize(b))) return undefined;
  const chunks: Uint8Array[] = [];
  let at = 12;
  while (at + 8 <= b.length) {
    const size = u32le(b, at + 4);
    const chunk = b.slice(at, at + 8 + size + (size % 2));
    // VP8X's flags: the XMP bit (0x04) goes with the chunk.
    if (fourcc(b, at) === 'VP8X') chunk[8] = chunk[8]! & ~0x04;
    if (WEBP_KEPT.has(fourcc(b, at))) chunks.push(chunk);
    at += 8 + size + (size % 2);
  }
  const body = concat(chunks);
  const head = new Uint8Array(12);
  head.set(b.subarray(0, 4));
  new DataView(head.buffer).setUint32(4, body.length + 4, true);
  head.set(b.subarray(8, 12), 8);
  return concat([head, body]);
}

/**
 * A picture as it is stored (docs/decisions/0055): rewritten at its container's level with only
 * what showing it needs (the pixels' bytes unchanged, never decoded), so no comment, text
 * chunk, XMP packet or trailing data (an HTML page behind the image's end) is kept; refused
 * when its size is beyond `IMAGE_SIDE_MAX` or `IMAGE_PIXELS_MAX`. Videos are kept as sent.
 */
const CLEANED: Partial<Record<AttachmentType, (bytes: Uint8Array) => Uint8Array | undefined>> = {
  'image/jpeg': cleanJpeg,
  'image/png': cleanPng,
  'image/webp': cleanWebp,
};

/** The type an attachment's bytes prove, with its extension and the bytes to store, if it is one we accept. */
export async function detectAttachment(bytes: Uint8Array): Promise<{ type: AttachmentType; extension: string; bytes: Uint8Array } | undefined> {
  let found: { mime: string } | undefined;
  try {
    found = await fileTypeFromBuffer(bytes);
  } catch {
    return undefined;
  }
  const type = ATTACHMENTS.types.find((allowed) => allowed === found?.mime);
  if (!type || !WELL_FORMED[type](bytes)) return undefined;
  const clean = CLEANED[type];
  const stored = clean ? clean(bytes) : bytes;
  return stored ? { type, extension: EXTENSIONS[type], bytes: stored } : undefined;
}

/** Longest stem kept, in characters. */
const STEM_MAX = 64;

/**
 * A file name that is safe to store and to offer for download: the last path segment of the
 * name sent, its extension dropped, Unicode NFKC, every run of anything but letters, marks,
 * digits, `_` and `-` of any script (dots, spaces, slashes, controls, bidirectional overrides)
 * made one `-`, at most 64 characters; then the detected extension. `attachment` when nothing is left.
 */
export function safeFileName(sent: string, extension: string): string {
  const base = sent.normalize('NFKC').split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = [...(dot > 0 ? base.slice(0, dot) : base).replace(/[^\p{L}\p{M}\p{N}_-]+/gu, '-').replace(/^[-\p{M}]+|-+$/gu, '')]
    .slice(0, STEM_MAX)
    .join('')
    .replace(/-+$/, '');
  return `${stem || 'attachment'}.${extension}`;
}

/** `Content-Disposition` of a stored attachment: always a download, never shown inline; an ASCII name and the UTF-8 one. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^A-Za-z0-9_.-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
