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
    expect(await detectAttachment(bytes)).toEqual({ type, extension });
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
