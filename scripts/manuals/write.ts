/**
 * Writes the manual PDFs (client/static/manuals/) from their text and prints each file's
 * size, for content/support/manuals.ts: `npx tsx scripts/manuals/write.ts`. Run it
 * after changing a manual's text or date; the info test fails until the sizes agree.
 */
import { writeFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { MANUAL_SERIES } from '../../content/support/manuals';
import { manualFile } from './pdf';

const dir = join(import.meta.dirname, '../../client/static/manuals');
const listed = new Set(MANUAL_SERIES.flatMap((s) => s.manuals.map((m) => m.file)));
for (const name of readdirSync(dir)) if (name.endsWith('.pdf') && !listed.has(name)) rmSync(join(dir, name));
for (const series of MANUAL_SERIES) {
  for (const manual of series.manuals) {
    const pdf = manualFile(manual);
    writeFileSync(join(dir, manual.file), pdf, 'latin1');
    const note = manual.bytes === pdf.length ? '' : `  <- content/support/manuals.ts says ${manual.bytes}`;
    console.log(`${manual.file}: ${pdf.length} bytes${note}`);
  }
}
