/**
 * A small, valid PDF 1.4 document of one text page, written byte for byte so the manuals in
 * client/static/manuals/ are reproducible: the same text gives the same file, and so the same
 * size the manuals page shows. ASCII only (the standard Helvetica fonts need no embedding),
 * which also keeps a file's character count equal to its byte count. Tooling, not the site:
 * scripts/manuals/write.ts writes the files with it and the info test checks them.
 */
import { MANUAL_TEXTS, type ManualText } from '../../content/support/manual-texts';
import type { Manual } from '../../content/schema/support';

/** One page's text: a manual's, and a footer line (edition, date). */
interface PdfText extends ManualText {
  footer: string;
}

const PAGE = { width: 595, height: 842, margin: 56 }; // A4 in points

function escape(text: string): string {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error(`PDF text must be printable ASCII: ${JSON.stringify(text)}`);
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}

/** Wraps a line at a rough Helvetica width (0.5 em a character) to fit the page. */
function wrap(line: string, size: number): string[] {
  const max = Math.floor((PAGE.width - 2 * PAGE.margin) / (size * 0.5));
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    if (current && current.length + 1 + word.length > max) {
      out.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) out.push(current);
  return out;
}

/** The page's content stream: text lines placed from the top. */
function contentStream(text: PdfText): string {
  const ops: string[] = [];
  let y = PAGE.height - PAGE.margin;
  const put = (font: 'F1' | 'F2', size: number, line: string, gap: number) => {
    y -= gap;
    ops.push(`BT /${font} ${size} Tf ${PAGE.margin} ${y} Td (${escape(line)}) Tj ET`);
  };
  put('F2', 20, text.title, 20);
  put('F1', 11, text.subtitle, 22);
  for (const block of text.blocks) {
    put('F2', 13, block.heading, 30);
    for (const line of block.lines) wrap(line, 10.5).forEach((part, i) => put('F1', 10.5, part, i === 0 ? 17 : 14));
  }
  ops.push(`BT /F1 9 Tf ${PAGE.margin} ${PAGE.margin - 20} Td (${escape(text.footer)}) Tj ET`);
  // A rule under the title.
  ops.push(`0.8 w ${PAGE.margin} ${PAGE.height - PAGE.margin - 52} m ${PAGE.width - PAGE.margin} ${PAGE.height - PAGE.margin - 52} l S`);
  return ops.join('\n');
}

/** The PDF file of a page of text, as a string of ASCII characters (one byte each). */
function manualPdf(text: PdfText): string {
  const stream = contentStream(text);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    `<< /Title (${escape(text.title)}) /Producer (Robolux manuals) >>`,
  ];
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

/** The PDF file of a listed manual, its update date in the footer; throws when it has no text. */
export function manualFile(manual: Pick<Manual, 'file' | 'updated'>): string {
  const text = MANUAL_TEXTS[manual.file];
  if (!text) throw new Error(`manual ${manual.file} has no text in content/support/manual-texts.ts`);
  return manualPdf({ ...text, footer: `Robolux - Quick reference, updated ${manual.updated}. Full documentation in the Robolux app.` });
}
