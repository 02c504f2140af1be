/**
 * Small, well-formed media files for the attachment tests (a 1×1 picture in each image
 * format, made with sharp; MP4 and QuickTime files whose boxes chain as a player expects),
 * and hostile ones: the right first bytes in front of something else.
 */
const base64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const ascii = (text: string) => new TextEncoder().encode(text);

export const JPEG = base64(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCKAAK2/9k=',
);
export const PNG = base64('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVR4nGM4oaEBAALUARkFUI+kAAAAAElFTkSuQmCC');
export const WEBP = base64('UklGRjoAAABXRUJQVlA4IC4AAACQAQCdASoBAAEAAUAmJaACdLoAA5gA/vCbQ/4DdfFtMv/ucD/uyf/2yf+pAAAA');

/** An ISO BMFF box: size, type, content. */
function box(type: string, content: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(8 + content.length);
  new DataView(out.buffer).setUint32(0, out.length);
  out.set(ascii(type), 4);
  out.set(content, 8);
  return out;
}

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) out.set(part, (at += part.length) - part.length);
  return out;
};

const movie = (brand: string) =>
  concat(box('ftyp', ascii(`${brand}\0\0\x02\0${brand}mp41`)), box('moov', box('mvhd', new Uint8Array(100))), box('mdat', new Uint8Array(64).fill(7)));
export const MP4 = movie('isom');
export const MOV = movie('qt  ');

/** Hostile files: a format's first bytes on something else. */
export const HOSTILE = {
  /** `ftyp` at offset 4, then junk (the probe's MP4). */
  ftypJunk: concat(ascii('\0\0\0\x18ftypisom\0\0\x02\0isommp41'), ascii('<html><script>alert(document.domain)</script></html>')),
  /** Only a box header: `ftyp` and nothing after. */
  ftypOnly: ascii('\0\0\0\x18ftypmp42'),
  /** A JPEG's first bytes on an HTML page. */
  jpegHtml: concat(JPEG.slice(0, 4), ascii('<!doctype html><html><body><script>alert(1)</script></body></html>')),
  /** A JFIF header segment, then HTML where the next marker belongs. */
  jfifHtml: concat(base64('/9j/4AAQSkZJRgABAQAAAQABAAA='), ascii('<html><script>alert(1)</script></html>')),
  /** A JPEG with its end cut off (no EOI). */
  jpegCut: JPEG.slice(0, JPEG.length - 2),
  /** A PNG signature on HTML. */
  pngHtml: concat(PNG.slice(0, 8), ascii('<svg onload=alert(1)>')),
  /** A RIFF/WEBP header whose size is not the file's. */
  webpLie: concat(WEBP, ascii('<script>alert(1)</script>')),
  /** A HEIC picture: a real format, not on the allow-list. */
  heic: concat(box('ftyp', ascii('heic\0\0\0\0mif1heic')), box('meta', new Uint8Array(16)), box('mdat', new Uint8Array(16))),
  /** A Windows program. */
  exe: concat(ascii('MZ'), new Uint8Array(62), ascii('This program cannot be run in DOS mode.')),
  /** A PDF. */
  pdf: ascii('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
  /** Plain script text. */
  script: ascii('<script>alert(1)</script>'),
};
