import { ATTACHMENTS, FORMS, type FormKind } from '../../content/forms';
import { CODES } from '../../kernel/codes';
import { FORM_FIELDS } from '../../kernel/forms';
import { EDITIONS, type Region } from '../../content/editions';
import type { Bindings } from '../env';
import { attachmentDisposition, detectAttachment, safeFileName } from './attachments';
import { parseFields, type Problems } from './fields';
import { groupStorage } from './groups';
import { allow } from './rate-limit';
import { logError } from '../log';
import { countEvent } from '../metrics';

/** What became of a support-form submission: an envelope code, and its reference or the fields to correct. */
export interface Submission {
  code: typeof CODES.success | typeof CODES.invalid | typeof CODES.busy | typeof CODES.unavailable;
  reference?: string;
  problems?: Problems;
}

/** A stored attachment. */
interface Stored {
  key: string;
  type: string;
  size: number;
  name: string;
}

/** A submission as read from the request (worker/post/input.ts). */
interface Sent {
  fields: Readonly<Record<string, unknown>>;
  files: readonly File[];
  /** Attachment parts that came with content but without a file name. */
  unnamed: number;
  /** Whether the body could be read at all. */
  readable: boolean;
  /** The client's address, for the rate limit. */
  client: string;
}

/** A reference a visitor can quote: `RMA-7K3Q9XWD`, no look-alike characters. */
function reference(kind: FormKind): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `${FORMS[kind].prefix}-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

/** A day in milliseconds: how long a double submit is recognised. */
const DAY = 86_400_000;

/** A submission's fingerprint on a UTC day (days since the epoch): its content and the day, hashed. */
export function submissionFingerprint(
  content: { kind: FormKind; region: Region; fields: object; files: readonly (readonly [string, number, string])[] },
  day: number,
): Promise<string> {
  return sha256(`${JSON.stringify([content.kind, content.region, content.fields, content.files])}:${day}`);
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** An attachment as checked: its bytes, the type they prove, and the safe name it is stored under. */
interface Checked {
  bytes: Uint8Array;
  type: string;
  name: string;
}

/**
 * Checks attachments by count, size and content, never by their claimed type or name
 * (./attachments.ts): the type is detected from the bytes, the name reduced to a safe stem
 * with the detected extension.
 */
async function checkFiles(kind: FormKind, files: readonly File[]): Promise<Checked[] | undefined> {
  if (files.length === 0) return [];
  if (!FORMS[kind].attachments || files.length > ATTACHMENTS.maxFiles) return undefined;
  const checked: Checked[] = [];
  for (const file of files) {
    if (file.size > ATTACHMENTS.maxBytes) return undefined;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const detected = await detectAttachment(bytes);
    if (!detected) return undefined;
    checked.push({ bytes: detected.bytes, type: detected.type, name: safeFileName(file.name, detected.extension) });
  }
  return checked;
}

/**
 * A support-form submission (docs/decisions/0014): validated, CAPTCHA-checked where
 * configured, rate-limited per client; attachments are checked by content and stored in the
 * API group's R2 bucket, then the record in its D1 database, before a reference is given. The
 * same content sent twice is one record with one reference. Nothing is left half-written:
 * attachments of a record that could not be stored are deleted again.
 */
export async function submitForm(
  kind: FormKind,
  region: Region,
  sent: Sent,
  { env, human, now }: { env: Bindings; human: () => Promise<boolean>; now: number },
): Promise<Submission> {
  if (!sent.readable || !FORMS[kind].regions.includes(region)) return { code: CODES.invalid };
  const parsed = parseFields(FORM_FIELDS[kind], sent.fields);
  // A file without a name is refused by name ('required': its message asks for one), never dropped unsaid.
  const unnamed: Problems = sent.unnamed > 0 ? { attachments: 'required' } : {};
  if (!parsed.ok || sent.unnamed > 0) return { code: CODES.invalid, problems: { ...(parsed.ok ? {} : parsed.problems), ...unnamed } };
  // The CAPTCHA before any attachment is looked at: the costly work is for people (docs/decisions/0055).
  if (!(await human())) return { code: CODES.invalid, problems: { captcha: 'invalid' } };
  const files = await checkFiles(kind, sent.files);
  if (!files) return { code: CODES.invalid, problems: { attachments: 'invalid' } };

  // The API group's own database and bucket: an EU sender's data never leaves the EU group.
  const { db, bucket } = groupStorage(env, EDITIONS[region].apiGroup);
  try {
    if (!(await allow(db, 'form', sent.client, now))) return { code: CODES.busy };
    const fields = parsed.data;
    // A double submit is the same content within a day: the fingerprint names the content
    // and its UTC day (unique per form, so two concurrent posts store one record), and a
    // post also finds yesterday's within 24 hours. The same request sent days later is new.
    const content = { kind, region, fields, files: files.map(({ bytes, type, name }) => [name, bytes.length, type] as const) };
    const day = Math.floor(now / DAY);
    const fingerprint = await submissionFingerprint(content, day);
    const existing = await db
      .prepare('SELECT reference FROM form_submissions WHERE kind = ?1 AND fingerprint IN (?2, ?3) AND created_at > ?4 ORDER BY created_at LIMIT 1')
      .bind(kind, fingerprint, await submissionFingerprint(content, day - 1), now - DAY)
      .first<{ reference: string }>();
    if (existing) return { code: CODES.success, reference: existing.reference };

    const ref = reference(kind);
    const stored: Stored[] = [];
    try {
      for (const [i, { bytes, type, name }] of files.entries()) {
        const key = `forms/${ref}/${i + 1}`;
        // The detected type, fixed, and a download's disposition: whoever fetches it never gets it shown inline.
        await bucket.put(key, bytes, { httpMetadata: { contentType: type, contentDisposition: attachmentDisposition(name) }, customMetadata: { name } });
        stored.push({ key, type, size: bytes.length, name });
      }
      const result = await db
        .prepare(
          'INSERT INTO form_submissions (reference, kind, region, email, fields, attachments, fingerprint, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT (kind, fingerprint) DO NOTHING',
        )
        .bind(ref, kind, region, fields.email, JSON.stringify(fields), JSON.stringify(stored), fingerprint, now)
        .run();
      if (result.meta.changes === 0) {
        // A concurrent double submit stored it first: answer its reference, drop our copies.
        await Promise.all(stored.map((s) => bucket.delete(s.key)));
        const first = await db
          .prepare('SELECT reference FROM form_submissions WHERE kind = ?1 AND fingerprint = ?2')
          .bind(kind, fingerprint)
          .first<{ reference: string }>();
        return { code: CODES.success, reference: first?.reference ?? ref };
      }
    } catch (error) {
      await Promise.allSettled(stored.map((s) => bucket.delete(s.key)));
      throw error;
    }
    countEvent(env, 'form_submission', region, kind);
    return { code: CODES.success, reference: ref };
  } catch (error) {
    // Names only: a submission's fields never reach the logs.
    logError(`forms: ${error instanceof Error ? error.name : 'error'}`);
    return { code: CODES.unavailable };
  }
}
