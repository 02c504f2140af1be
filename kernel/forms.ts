import { z } from 'zod';
import type { FieldName, FormKind } from '../content/forms';
import { ProductKey } from '../content/schema/catalogue';
import { EMAIL_MAX, normalizeEmail } from './rules';

/**
 * The support forms' rules (docs/decisions/0014-support-forms.md): each form's fields as a
 * schema, which normalises the address as every other form does, what a form requires and
 * offers, and the attachment check. The forms themselves (pages, fields, layout) are
 * content/forms.ts.
 */

// Free text may not hide anything: no control, bidirectional or zero-width characters
// (line breaks are fine in descriptions).
const clean = (max: number, min = 1) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((v) => !/[\p{Cc}\p{Cf}\u{fffd}]/u.test(v.replace(/\r?\n/g, '')), 'hidden characters');

const email = z
  .string()
  .max(EMAIL_MAX + 64)
  .transform((v, ctx) => normalizeEmail(v) ?? (ctx.addIssue({ code: 'custom', message: 'email' }), z.NEVER));

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** A purchase date: a real calendar day, not in the future, not before the first robot shipped. */
const purchaseDate = z.iso.date().refine((v) => v >= '2019-01-01' && Date.parse(v) <= Date.now() + 86_400_000, 'date');

/** Serial or order numbers as printed: letters, digits and dashes. */
const code = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{3,39}$/);

const contact = {
  name: clean(100),
  email,
  phone: optional(
    z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{6,24}$/),
  ),
};

const purchase = {
  product: ProductKey,
  serial: code,
  purchaseDate,
  store: clean(120),
};

/** Each form's fields. */
export const FORM_FIELDS = {
  'tech-support': z.object({ ...contact, ...purchase, orderNumber: optional(code), description: clean(4000, 20) }),
  'product-registration': z.object({ ...contact, ...purchase, orderNumber: optional(code), newsletter: optional(z.enum(['on', 'true'])) }),
  rma: z.object({
    ...contact,
    ...purchase,
    orderNumber: code,
    reason: z.enum(['defective', 'damaged-in-transit', 'wrong-item', 'missing-parts', 'other']),
    description: clean(4000, 20),
  }),
  wholesale: z.object({
    ...contact,
    company: clean(160),
    website: optional(z.url({ protocol: /^https?$/ }).max(200)),
    taxId: optional(
      z
        .string()
        .trim()
        .regex(/^[A-Z0-9 .-]{4,30}$/i),
    ),
    businessType: z.enum(['retailer', 'distributor', 'online-store', 'education', 'other']),
    country: z.string().regex(/^[A-Z]{2}$/),
    address: clean(400),
    volume: z.enum(['under-50', '50-200', '200-1000', 'over-1000']),
    message: optional(clean(4000)),
  }),
} satisfies Record<FormKind, z.ZodType>;

/** Whether a form requires a field: its schema refuses the field left out. */
export function isRequired(kind: FormKind, field: FieldName): boolean {
  if (field === 'attachments') return false;
  const shape = FORM_FIELDS[kind].shape as Record<string, z.ZodType | undefined>;
  return shape[field] !== undefined && !shape[field].safeParse(undefined).success;
}

/** The choices of an enum field, in the schema's order. */
export function enumChoices(kind: FormKind, field: FieldName): readonly string[] {
  const schema = (FORM_FIELDS[kind].shape as Record<string, z.ZodType | undefined>)[field];
  return schema instanceof z.ZodEnum ? (schema.options as string[]) : [];
}
