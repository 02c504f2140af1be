/**
 * A small, valid PDF 1.4 document of one text page, written byte for byte so the manuals in
 * client/static/manuals/ are reproducible: the same text gives the same file, and so the same
 * size the manuals page shows. Nothing is embedded, which keeps each file to a few kilobytes
 * (docs/decisions/0032-native-copy-and-manuals.md):
 *
 * - English, German and French are set in the standard Helvetica fonts, WinAnsi-encoded
 *   (ä, é, ß, – and ’ are single bytes, written as octal escapes);
 * - Korean and Chinese in the standard CJK fonts every PDF viewer supplies (Adobe's
 *   HYSMyeongJo-Medium and STSong-Light, with their UCS-2 CMaps), text as hex strings.
 *
 * Every byte of the file is printable ASCII or a line feed, so a file's character count is its
 * byte count. Tooling, not the site: scripts/art/manuals/write.ts writes the files with it and the
 * info test checks them.
 */
import { MANUAL_FOOTER, MANUAL_TEXTS, type ManualText } from '../../../content/support/manual-texts';
import type { ManualLanguage } from '../../../content/schema/support';

/** One page's text: a manual's, and a footer line (edition, date). */
interface PdfText extends ManualText {
  footer: string;
}

const PAGE = { width: 595, height: 842, margin: 56 }; // A4 in points

/** How a language's text is set: its fonts and how a string of it is written. */
interface Script {
  /** The font dictionaries: regular and bold (objects 4 and 5), and any objects they refer to (from 8 on). */
  fonts(): { regular: string; bold: string; more: string[] };
  /** A string operand of Tj. */
  string(text: string): string;
  /** A string in the document's information dictionary (a PDF text string). */
  info(text: string): string;
  /** A character's width in em, for wrapping. */
  width(char: string): number;
  /** Whether a line may break between any two characters (no spaces between words). */
  breaksAnywhere: boolean;
}

/** Windows-1252 bytes of the characters beyond Latin-1 that the copy uses. */
const CP1252: Record<string, number> = { '€': 0x80, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97 };

function winAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '\\' || char === '(' || char === ')') out += `\\${char}`;
    else if (code >= 0x20 && code <= 0x7e) out += char;
    else {
      const byte = CP1252[char] ?? (code >= 0xa0 && code <= 0xff ? code : undefined);
      if (byte === undefined) throw new Error(`PDF text has a character the Latin fonts lack: ${JSON.stringify(char)} in ${JSON.stringify(text)}`);
      out += `\\${byte.toString(8).padStart(3, '0')}`;
    }
  }
  return `(${out})`;
}

const LATIN: Script = {
  fonts: () => ({
    regular: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    bold: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    more: [],
  }),
  string: winAnsi,
  info: winAnsi,
  width: () => 0.5,
  breaksAnywhere: false,
};

/** UTF-16BE code units of a BMP string, in hex. */
function ucs2(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code > 0xffff || (code < 0x20 && code !== 0x0a)) throw new Error(`PDF text has a character outside the CJK fonts' UCS-2 map: ${JSON.stringify(char)}`);
    out += code.toString(16).toUpperCase().padStart(4, '0');
  }
  return out;
}

/** A standard CJK font of the Adobe character collections (PDF 1.4 §5.6, Table 5.17 predefined CMaps). */
function cjk(font: { name: string; ordering: string; supplement: number; cmap: string; bbox: string; stemV: number }): Script {
  return {
    fonts: () => {
      // Objects 8 and 9: the descendant CIDFont and its descriptor. Characters 1–95 (ASCII) are half an em.
      const type0 = `<< /Type /Font /Subtype /Type0 /BaseFont /${font.name} /Encoding /${font.cmap} /DescendantFonts [8 0 R] >>`;
      return {
        regular: type0,
        bold: type0,
        more: [
          `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /${font.name} /CIDSystemInfo << /Registry (Adobe) /Ordering (${font.ordering}) /Supplement ${font.supplement} >> /FontDescriptor 9 0 R /DW 1000 /W [1 95 500] >>`,
          `<< /Type /FontDescriptor /FontName /${font.name} /Flags 6 /FontBBox ${font.bbox} /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV ${font.stemV} >>`,
        ],
      };
    },
    string: (text) => `<${ucs2(text)}>`,
    info: (text) => `<FEFF${ucs2(text)}>`,
    width: (char) => (char.codePointAt(0)! < 0x80 ? 0.5 : 1),
    breaksAnywhere: font.ordering === 'GB1',
  };
}

const SCRIPTS: Record<ManualLanguage, Script> = {
  en: LATIN,
  de: LATIN,
  fr: LATIN,
  ko: cjk({ name: 'HYSMyeongJo-Medium', ordering: 'Korea1', supplement: 1, cmap: 'UniKS-UCS2-H', bbox: '[0 -148 1001 880]', stemV: 91 }),
  zh: cjk({ name: 'STSong-Light', ordering: 'GB1', supplement: 2, cmap: 'UniGB-UCS2-H', bbox: '[-25 -254 1000 880]', stemV: 93 }),
};

/** Punctuation a Chinese line may not start with. */
const NO_LINE_START = /^[，。、；：！？）》」』％]/u;

/** Wraps a line to the page's width, at spaces, or anywhere in Chinese (never before closing punctuation). */
function wrap(line: string, size: number, script: Script): string[] {
  const max = (PAGE.width - 2 * PAGE.margin) / size;
  const width = (s: string) => [...s].reduce((w, c) => w + script.width(c), 0);
  const out: string[] = [];
  if (script.breaksAnywhere) {
    let current = '';
    for (const char of line) {
      if (current && width(current + char) > max && !NO_LINE_START.test(char)) {
        out.push(current.trimEnd());
        current = char === ' ' ? '' : char;
      } else current += char;
    }
    if (current) out.push(current);
    return out;
  }
  let current = '';
  for (const word of line.split(' ')) {
    if (current && width(`${current} ${word}`) > max) {
      out.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) out.push(current);
  return out;
}

/** The page's content stream: text lines placed from the top. */
function contentStream(text: PdfText, script: Script): string {
  const ops: string[] = [];
  let y = PAGE.height - PAGE.margin;
  const put = (font: 'F1' | 'F2', size: number, line: string, gap: number) => {
    y -= gap;
    ops.push(`BT /${font} ${size} Tf ${PAGE.margin} ${y} Td ${script.string(line)} Tj ET`);
  };
  put('F2', 20, text.title, 20);
  put('F1', 11, text.subtitle, 22);
  for (const block of text.blocks) {
    put('F2', 13, block.heading, 30);
    for (const line of block.lines) wrap(line, 10.5, script).forEach((part, i) => put('F1', 10.5, part, i === 0 ? 17 : 14));
  }
  for (const [i, line] of wrap(text.footer, 9, script).entries()) ops.push(`BT /F1 9 Tf ${PAGE.margin} ${PAGE.margin - 20 - 11 * i} Td ${script.string(line)} Tj ET`);
  // A rule under the title.
  ops.push(`0.8 w ${PAGE.margin} ${PAGE.height - PAGE.margin - 52} m ${PAGE.width - PAGE.margin} ${PAGE.height - PAGE.margin - 52} l S`);
  return ops.join('\n');
}

/** The PDF file of a page of text, as a string of ASCII characters (one byte each). */
function manualPdf(text: PdfText, language: ManualLanguage): string {
  const script = SCRIPTS[language];
  const stream = contentStream(text, script);
  const fonts = script.fonts();
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    fonts.regular,
    fonts.bold,
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    `<< /Title ${script.info(text.title)} /Producer (Robolux manuals) >>`,
    ...fonts.more,
  ];
  // English files keep the catalog they have always had (no /Lang): the same bytes, the same sizes.
  if (language !== 'en') objects[0] = `<< /Type /Catalog /Pages 2 0 R /Lang (${language}) >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return out;
}

/** The PDF file of a manual in one language, its update date in the footer; throws when it has no text there. */
export function manualFile(manual: { source: string; language: ManualLanguage; updated: string }): string {
  const text = MANUAL_TEXTS[manual.language][manual.source];
  if (!text) throw new Error(`manual ${manual.source} has no ${manual.language} text in content/support/manual-texts.ts`);
  return manualPdf({ ...text, footer: MANUAL_FOOTER[manual.language](manual.updated) }, manual.language);
}
