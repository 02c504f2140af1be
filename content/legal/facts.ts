import type { Region } from '../editions';
import { LegalFacts, LegalFactsTable, type Missing } from '../schema/legal';
import { MARKET_RULES } from './markets';

// ┌────────────────────────────────────────────────────────────────────────────────────────┐
// │ COUNSEL MUST REVIEW BEFORE LAUNCH. These facts, and the legal texts written from them   │
// │ (locales/*/legal.json), were drafted in-house from what the site already states; no      │
// │ lawyer of the markets has read them yet (docs/decisions/0056). Every `missing(…)` below  │
// │ is a fact the business has not given: pages show it marked, and the production deploy's │
// │ dry run refuses it with one line each (scripts/release/legal-facts.ts).                  │
// └────────────────────────────────────────────────────────────────────────────────────────┘

/** A fact the business still has to give; `standIn` is what the site already shows elsewhere. */
const missing = (what: string, standIn?: string | string[]): Missing => (standIn === undefined ? { missing: what } : { missing: what, standIn });

/**
 * The host of every edition but China's: the worker runs on Cloudflare's network and keeps its
 * records in Cloudflare's D1 databases and R2 buckets (wrangler.toml).
 */
const CLOUDFLARE = {
  name: 'Cloudflare, Inc.',
  address: ['101 Townsend St', 'San Francisco, CA 94107'],
  country: 'US',
} as const;

/** Robolux Inc., the headquarters (Contact Us: the North American office; the Terms of Use name it). */
const ROBOLUX_INC = {
  name: 'Robolux Inc.',
  // content/support/contact.ts: its street addresses stand in for the real ones until ops have them.
  address: missing('the registered address of Robolux Inc.', ['2400 Harbor Tech Way, Suite 500', 'San Jose, CA 95134']),
  country: 'US',
} as const;

/** Robolux Europe B.V. (Contact Us: the European office), which the European editions name as their operator. */
const EUROPE = {
  name: 'Robolux Europe B.V.',
  address: missing('the registered address of Robolux Europe B.V.', ['Servoplein 12', '1017 AB Amsterdam']),
  country: 'NL',
  representative: missing('the name of the managing director (bestuurder) of Robolux Europe B.V.'),
  email: 'support.eu@robolux.com',
  phone: missing('the customer telephone number of the European editions'),
  register: missing('the Dutch Chamber of Commerce (KvK) number of Robolux Europe B.V., as "Kamer van Koophandel, KvK 12345678"'),
  vatId: missing('the VAT identification number of Robolux Europe B.V. (NL…B01)'),
} as const;

const PRIVACY = { email: 'privacy@robolux.com' } as const;

/** What the Japanese store has not told the site yet: its terms of sale, as the 特定商取引法 asks them shown. */
const JAPANESE_SALE = {
  fees: missing('the shipping fee and any other charge of the Japanese store (商品代金以外の必要料金)'),
  paymentTiming: missing('when the Japanese store takes payment (代金の支払時期)'),
  delivery: missing('when the Japanese store delivers (商品の引渡時期)'),
  returns: missing('the Japanese store’s returns and exchanges terms (返品特約)'),
};

/**
 * The legal facts of every edition (docs/decisions/0056). Where a market's notice shows a line
 * (content/legal/markets.ts), its fact is given here or marked missing; the schema checks it.
 */
export const LEGAL_FACTS: Record<Region, LegalFacts> = LegalFactsTable(MARKET_RULES).parse({
  us: {
    operator: { ...ROBOLUX_INC, email: 'support@robolux.com', phone: missing('the customer telephone number of Robolux Inc.') },
    privacy: PRIVACY,
    host: CLOUDFLARE,
  },
  uk: {
    operator: {
      name: 'Robolux UK Ltd',
      address: missing('the registered office of Robolux UK Ltd', ['3 Gearwheel Yard', 'London EC2A 4AB']),
      country: 'GB',
      email: 'support.eu@robolux.com',
      phone: missing('the customer telephone number of the UK edition'),
      register: missing('the company number of Robolux UK Ltd and its place of registration, as "Registered in England and Wales, company no. 01234567"'),
      vatId: missing('the UK VAT registration number of Robolux UK Ltd'),
    },
    privacy: PRIVACY,
    host: CLOUDFLARE,
  },
  eu: { operator: EUROPE, privacy: PRIVACY, host: CLOUDFLARE },
  fr: {
    operator: { ...EUROPE, shareCapital: missing('the share capital of Robolux Europe B.V. (capital social), in euros') },
    privacy: PRIVACY,
    host: { ...CLOUDFLARE, phone: missing('the telephone number of the host, Cloudflare, Inc., for the mentions légales') },
    publicationDirector: missing('the name of the directeur de la publication of the French edition'),
  },
  de: {
    operator: EUROPE,
    privacy: PRIVACY,
    host: CLOUDFLARE,
    contentResponsible: missing('the person responsible for the news pages under § 18 Abs. 2 MStV (name and address)'),
  },
  jp: {
    operator: {
      name: missing('the company that runs the Japanese edition and sells through its store (販売業者)'),
      address: missing('the address of the Japanese seller (所在地)'),
      representative: missing('the representative or the person in charge of the Japanese business (代表者または運営統括責任者)'),
      email: 'support.asia@robolux.com',
      phone: missing('the telephone number of the Japanese seller (電話番号)'),
    },
    privacy: PRIVACY,
    host: CLOUDFLARE,
    sale: JAPANESE_SALE,
  },
  kr: {
    operator: {
      name: missing('the trade name of the business that runs the Korean edition (상호)'),
      address: missing('the business address of the Korean edition (주소)'),
      representative: missing('the name of the Korean business’s representative (대표자)'),
      email: 'support.asia@robolux.com',
      phone: missing('the customer telephone number of the Korean edition (전화번호)'),
    },
    privacy: { ...PRIVACY, officer: missing('the name and position of the Korean chief privacy officer (개인정보 보호책임자)') },
    host: CLOUDFLARE,
    businessNumber: missing('the Korean business registration number (사업자등록번호, 000-00-00000)'),
    mailOrderNumber: missing('the Korean mail-order business report number (통신판매업 신고번호)'),
  },
  cn: {
    operator: {
      name: missing('the mainland company that runs the China edition (个人信息处理者 and ICP filer; decision 0038)'),
      address: missing('the address of the mainland company that runs the China edition'),
      email: 'service@robolux.cn',
      phone: missing('the customer telephone number of the China edition'),
    },
    privacy: { ...PRIVACY, officer: missing('the name of the China edition’s person in charge of personal information protection (个人信息保护负责人)') },
    // Decision 0038: the China Network (with a mainland partner) or a mainland deployment, not yet chosen.
    host: { name: missing('the host of the China edition (decision 0038)'), address: missing('the address of the China edition’s host') },
    icp: missing('the ICP filing number of www.robolux.cn (ICP备案号)'),
    psb: missing('the public-security filing number of www.robolux.cn (公安备案号)'),
  },
} satisfies Record<Region, unknown>) as Record<Region, LegalFacts>;
