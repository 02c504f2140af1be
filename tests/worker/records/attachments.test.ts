import { describe, expect, it } from 'vitest';
import { attachmentDisposition, detectAttachment, safeFileName } from '../../../worker/records/attachments';
import { HOSTILE, JPEG, MOV, MP4, PNG, WEBP } from '../media';

// Attachments are what their bytes prove, by a maintained library and the format's own
// structure, never what their name or claimed type says (docs/decisions/0030).
describe('detectAttachment', () => {
  it.each([
    ['JPEG', JPEG, 'image/jpeg', 'jpg'],
    ['PNG', PNG, 'image/png', 'png'],
    ['WebP', WEBP, 'image/webp', 'webp'],
    ['MP4', MP4, 'video/mp4', 'mp4'],
    ['QuickTime', MOV, 'video/quicktime', 'mov'],
  ])('recognises a well-formed %s', async (_, bytes, type, extension) => {
    expect(await detectAttachment(bytes)).toEqual({ type, extension, bytes: expect.any(Uint8Array) });
  });

  it.each(Object.entries(HOSTILE))('refuses %s', async (_, bytes) => {
    expect(await detectAttachment(bytes)).toBeUndefined();
  });

  it('refuses nothing at all and a picture cut short, and never throws on any prefix of a good file', async () => {
    expect(await detectAttachment(new Uint8Array(0))).toBeUndefined();
    for (const file of [JPEG, PNG, WEBP]) for (let cut = 0; cut < file.length; cut += 7) expect(await detectAttachment(file.slice(0, cut))).toBeUndefined();
    for (const file of [MP4, MOV]) for (let cut = 0; cut < file.length; cut += 5) await detectAttachment(file.slice(0, cut));
  });
});

const text = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);
const join = (...parts: (Uint8Array | string)[]) => {
  const bytes = parts.map((p) => (typeof p === 'string' ? new TextEncoder().encode(p) : p));
  const out = new Uint8Array(bytes.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of bytes) {
    out.set(b, at);
    at += b.length;
  }
  return out;
};
const HTML = '<html><body><script>alert(document.domain)</script></body></html>';
/** A PNG chunk (its CRC left zero: the rewrite keeps or drops chunks, it checks no CRC). */
const chunk = (type: string, data: string) => {
  const head = new Uint8Array(8);
  new DataView(head.buffer).setUint32(0, data.length);
  head.set(new TextEncoder().encode(type), 4);
  return join(head, data, new Uint8Array(4));
};
/** The JPEG fixture with a segment inserted after its SOI. */
const withSegment = (marker: number, data: string) => {
  const head = new Uint8Array([0xff, marker, 0, data.length + 2]);
  return join(JPEG.subarray(0, 2), head, data, JPEG.subarray(2));
};
/** A copy with bytes set at an offset. */
const patched = (bytes: Uint8Array, at: number, values: number[]) => {
  const copy = bytes.slice();
  copy.set(values, at);
  return copy;
};
const sofAt = (() => {
  for (let i = 2; i < JPEG.length - 1; i++) if (JPEG[i] === 0xff && JPEG[i + 1] === 0xc0) return i;
  return -1;
})();

// Pictures are stored rewritten at their container's level (docs/decisions/0055): a well-formed
// polyglot keeps its picture and loses what else it carried; a picture too large to open is refused.
describe('pictures as stored', () => {
  it.each([
    ['a JPEG with an HTML page after its end', join(JPEG, HTML)],
    ['a JPEG with HTML in a comment', withSegment(0xfe, HTML)],
    ['a JPEG with HTML in an XMP segment', withSegment(0xe1, `http://ns.adobe.com/xap/1.0/\0${HTML}`)],
    ['a PNG with HTML in a tEXt chunk', join(PNG.subarray(0, 33), chunk('tEXt', `Comment\0${HTML}`), PNG.subarray(33))],
    ['a PNG with an HTML page after IEND', join(PNG, HTML)],
  ])('keeps %s without the HTML', async (_, bytes) => {
    const stored = await detectAttachment(bytes);
    expect(stored).toBeDefined();
    expect(text(stored!.bytes)).not.toContain('<html');
    expect(await detectAttachment(stored!.bytes)).toBeDefined();
  });

  it.each([
    ['a PNG of 50,000 × 50,000', patched(PNG, 16, [0, 0, 0xc3, 0x50, 0, 0, 0xc3, 0x50])],
    ['a PNG of 20,001 × 1', patched(PNG, 16, [0, 0, 0x4e, 0x21, 0, 0, 0, 1])],
    ['a JPEG of 50,000 × 50,000', patched(JPEG, sofAt + 5, [0xc3, 0x50, 0xc3, 0x50])],
  ])('refuses %s', async (_, bytes) => {
    expect(await detectAttachment(bytes)).toBeUndefined();
  });

  it('leaves a picture as taken untouched', async () => {
    expect((await detectAttachment(PNG))!.bytes).toEqual(PNG);
    expect((await detectAttachment(JPEG))!.bytes).toEqual(JPEG);
  });
});

describe('safeFileName', () => {
  it.each([
    ['arm.jpg', 'jpg', 'arm.jpg'],
    ['photo.exe', 'jpg', 'photo.jpg'],
    ['.exe', 'jpg', 'exe.jpg'],
    ['invoice.pdf.exe', 'png', 'invoice-pdf.png'],
    ['../../x.jpg', 'jpg', 'x.jpg'],
    ['..\\..\\windows\\system32\\x.jpg', 'jpg', 'x.jpg'],
    ['/etc/passwd', 'png', 'passwd.png'],
    ['evil\u202Egpj.exe', 'jpg', 'evil-gpj.jpg'],
    ['\u202Eexe.jpg', 'jpg', 'exe.jpg'],
    ['a\u0000b\r\nc\u200Bd.mov', 'mov', 'a-b-c-d.mov'],
    ['ｐｈｏｔｏ１.ｊｐｇ', 'jpg', 'photo1.jpg'],
    ['Größe Ünïcödé 写真 фото.jpeg', 'jpg', 'Größe-Ünïcödé-写真-фото.jpg'],
    ['<script>alert(1)</script>.png', 'png', 'script.png'],
    ['<img src=x onerror=alert(1)>.png', 'png', 'img-src-x-onerror-alert-1.png'],
    ['"; filename=evil.html', 'jpg', 'filename-evil.jpg'],
    ['', 'jpg', 'attachment.jpg'],
    ['...', 'webp', 'attachment.webp'],
    ['\u0301\u0301x.png', 'png', 'x.png'],
    [`${'a'.repeat(300)}.jpg`, 'jpg', `${'a'.repeat(64)}.jpg`],
    [`${'写'.repeat(100)}.mp4`, 'mp4', `${'写'.repeat(64)}.mp4`],
  ])('stores %j as %j', (sent, extension, name) => {
    expect(safeFileName(sent, extension)).toBe(name);
  });

  it('leaves only letters, marks, digits, - and _ in the stem, and one dot before the extension', () => {
    for (const sent of ['a.b.c.d', 'x/../y', 'x\u2066y\u2069z', 'tab\there', 'semi;colon', 'per%2e%2e']) {
      const name = safeFileName(sent, 'jpg');
      expect(name).toMatch(/^[\p{L}\p{M}\p{N}_-]+\.jpg$/u);
    }
  });
});

describe('attachmentDisposition', () => {
  it('is always a download, with an ASCII name and the UTF-8 one', () => {
    expect(attachmentDisposition('写真-1.jpg')).toBe(`attachment; filename="__-1.jpg"; filename*=UTF-8''%E5%86%99%E7%9C%9F-1.jpg`);
    expect(attachmentDisposition('arm.jpg')).toBe(`attachment; filename="arm.jpg"; filename*=UTF-8''arm.jpg`);
  });
});
