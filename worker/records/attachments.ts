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

/** The type an attachment's bytes prove, with its extension, if it is one we accept. */
export async function detectAttachment(bytes: Uint8Array): Promise<{ type: AttachmentType; extension: string } | undefined> {
  let found: { mime: string } | undefined;
  try {
    found = await fileTypeFromBuffer(bytes);
  } catch {
    return undefined;
  }
  const type = ATTACHMENTS.types.find((allowed) => allowed === found?.mime);
  if (!type || !WELL_FORMED[type](bytes)) return undefined;
  return { type, extension: EXTENSIONS[type] };
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
