/**
 * Writes the manual PDFs (client/static/manuals/), each manual in each language it is written
 * in, from their text, and prints each file's size for content/support/manuals.ts:
 * `npx tsx scripts/art/manuals/write.ts`. Run it after changing a manual's text or date, or adding
 * a language to a manual (its `bytes` entry); the info test fails until the sizes agree.
 */
import { writeFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { MANUAL_FILES } from '../../../content/support/manuals';
import { manualFile } from './pdf';

const dir = join(import.meta.dirname, '../../../client/static/manuals');
const listed = new Set(MANUAL_FILES.map((m) => m.file));
for (const name of readdirSync(dir)) if (name.endsWith('.pdf') && !listed.has(name)) rmSync(join(dir, name));
for (const manual of MANUAL_FILES) {
  const pdf = manualFile(manual);
  writeFileSync(join(dir, manual.file), pdf, 'latin1');
  const note = manual.bytes === pdf.length ? '' : `  <- content/support/manuals.ts says ${manual.bytes} (${manual.source}, ${manual.language})`;
  console.log(`${manual.file}: ${pdf.length} bytes${note}`);
}
