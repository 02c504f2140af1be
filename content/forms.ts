import type { Region } from './editions';
import { PAGES } from './pages';
import type { ProductKey as Product } from './schema/catalogue';

/**
 * The four support forms (docs/spec/content.md §2): what a support team needs from each,
 * where each is and how its fields render. Their fields' schemas, which apply the address
 * rule, are kernel/forms.ts. Decided in docs/decisions/0014-support-forms.md.
 */
export const FORM_KINDS = ['tech-support', 'product-registration', 'rma', 'wholesale'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

/** The page each form is on, and the editions that have it. */
export const FORMS: Record<FormKind, { slug: string; regions: readonly Region[]; attachments: boolean; prefix: string }> = {
  'tech-support': { slug: 'technical-support', regions: ['us'], attachments: true, prefix: 'TS' },
  'product-registration': { slug: 'product-registration', regions: ['us', 'uk', 'eu', 'fr', 'de'], attachments: false, prefix: 'REG' },
  rma: { slug: 'return-manufacturer', regions: ['us', 'uk', 'eu', 'fr', 'de'], attachments: true, prefix: 'RMA' },
  wholesale: { slug: 'apply-wholesale-account', regions: ['us'], attachments: false, prefix: 'WS' },
};

/** Attachments: photos or short videos of the problem, checked by their content, never served. */
export const ATTACHMENTS = {
  /** Files per submission. */
  maxFiles: 3,
  /** Bytes per file. */
  maxBytes: 10 * 1024 * 1024,
  /** Media types accepted, each detected from the file's content (worker/records/attachments.ts). */
  types: ['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/quicktime'],
} as const;

/** Largest request body a form with attachments may send: the files and a little more. */
export const FORM_BODY_MAX = ATTACHMENTS.maxFiles * ATTACHMENTS.maxBytes + 64 * 1024;

/** Every field a form may have, in the order a form lists them. */
export const FIELD_NAMES = [
  'name',
  'email',
  'phone',
  'company',
  'website',
  'taxId',
  'businessType',
  'country',
  'address',
  'volume',
  'product',
  'serial',
  'orderNumber',
  'purchaseDate',
  'store',
  'reason',
  'description',
  'message',
  'newsletter',
  'attachments',
] as const;
export type FieldName = (typeof FIELD_NAMES)[number];

/** The control a field is: what the page renders and how the browser helps fill it. */
interface FieldControl {
  control: 'text' | 'email' | 'tel' | 'url' | 'date' | 'select' | 'textarea' | 'checkbox' | 'file';
  /** The browser's autofill token. */
  autoComplete?: string;
  /** Longest value accepted (the schema's limit), so the browser stops typing there. */
  maxLength?: number;
  /** A select's choices come from the schema's enum, the catalogue or the country list. */
  options?: 'enum' | 'products' | 'countries';
}

/** How each field renders. */
export const FIELD_CONTROLS: Record<FieldName, FieldControl> = {
  name: { control: 'text', autoComplete: 'name', maxLength: 100 },
  // The one email field (kernel/email-field.tsx) brings its own autofill and limit.
  email: { control: 'email' },
  phone: { control: 'tel', autoComplete: 'tel', maxLength: 24 },
  company: { control: 'text', autoComplete: 'organization', maxLength: 160 },
  website: { control: 'url', autoComplete: 'url', maxLength: 200 },
  taxId: { control: 'text', autoComplete: 'off', maxLength: 30 },
  businessType: { control: 'select', options: 'enum' },
  country: { control: 'select', autoComplete: 'country', options: 'countries' },
  address: { control: 'textarea', autoComplete: 'street-address', maxLength: 400 },
  volume: { control: 'select', options: 'enum' },
  product: { control: 'select', options: 'products' },
  serial: { control: 'text', autoComplete: 'off', maxLength: 40 },
  orderNumber: { control: 'text', autoComplete: 'off', maxLength: 40 },
  purchaseDate: { control: 'date' },
  store: { control: 'text', maxLength: 120 },
  reason: { control: 'select', options: 'enum' },
  description: { control: 'textarea', maxLength: 4000 },
  message: { control: 'textarea', maxLength: 4000 },
  newsletter: { control: 'checkbox' },
  attachments: { control: 'file' },
};

/** Each form's fields, grouped as the page shows them (each group a fieldset with a legend). */
export const FORM_LAYOUT: Record<FormKind, { legend: 'contact' | 'company' | 'product' | 'problem'; fields: FieldName[] }[]> = {
  'tech-support': [
    { legend: 'contact', fields: ['name', 'email', 'phone'] },
    { legend: 'product', fields: ['product', 'serial', 'purchaseDate', 'store', 'orderNumber'] },
    { legend: 'problem', fields: ['description', 'attachments'] },
  ],
  'product-registration': [
    { legend: 'contact', fields: ['name', 'email', 'phone'] },
    { legend: 'product', fields: ['product', 'serial', 'purchaseDate', 'store', 'orderNumber', 'newsletter'] },
  ],
  rma: [
    { legend: 'contact', fields: ['name', 'email', 'phone'] },
    { legend: 'product', fields: ['product', 'serial', 'orderNumber', 'purchaseDate', 'store'] },
    { legend: 'problem', fields: ['reason', 'description', 'attachments'] },
  ],
  wholesale: [
    { legend: 'contact', fields: ['name', 'email', 'phone'] },
    { legend: 'company', fields: ['company', 'website', 'taxId', 'businessType', 'country', 'address', 'volume', 'message'] },
  ],
};

/** A reference as the API issues it (`RMA-7K3Q9XWD`): anything else in a URL is ignored. */
export const REFERENCE_PATTERN = /^(TS|REG|RMA|WS)-[2-9A-HJ-NP-Z]{8}$/;

/**
 * Countries a wholesale applicant may be based in: ISO 3166-1 alpha-2 codes, named on the
 * page in the visitor's language by Intl.DisplayNames.
 */
export const COUNTRY_CODES = (
  'AD AE AG AL AM AO AR AT AU AZ BA BB BD BE BG BH BN BO BR BS BW BY BZ CA CH CL CN CO CR CY CZ DE DK DO DZ EC EE EG ES FI FJ FR GB GE GH GR ' +
  'GT HK HN HR HU ID IE IL IN IQ IS IT JM JO JP KE KG KH KR KW KZ LA LB LI LK LT LU LV MA MC MD ME MK MN MO MT MU MX MY NA NG NI NL NO NP ' +
  'NZ OM PA PE PH PK PL PR PT PY QA RO RS RW SA SE SG SI SK SM SN SV TH TN TR TT TW TZ UA UG US UY UZ VN ZA ZM ZW'
).split(' ');

/**
 * The robots a visitor may pick on a support form: those with a product page in the
 * edition (what is sold or supported there), in the route table's order.
 */
export function productChoices(region: Region): Product[] {
  return [...new Set(PAGES.flatMap((p) => (p.kind === 'product' && p.product && p.regions.includes(region) ? [p.product] : [])))];
}
