import { z } from 'zod';
import { REGIONS, type Region } from '../editions';

/**
 * A legal fact the business has not given yet (docs/decisions/0056). Pages show it marked (its
 * stand-in, when the site already uses one elsewhere, else a "to be given" mark); the production
 * deploy's dry run refuses it, one line per fact (scripts/release/legal-facts.ts).
 */
export const Missing = z.strictObject({
  /** What is missing, as the deploy's line names it: "Robolux Europe B.V.'s Chamber of Commerce (KvK) number". */
  missing: z.string().min(1),
  /** What the pages show, marked, until the fact is given: a value the site already shows elsewhere (Contact Us). */
  standIn: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
});
export type Missing = z.infer<typeof Missing>;

/** A fact, or the mark that it is still missing. */
const fact = <T extends z.ZodType>(value: T) => z.union([value, Missing]);

/** Whether a fact is still a placeholder. */
export const isMissing = (value: unknown): value is Missing => typeof value === 'object' && value !== null && 'missing' in value;

/** Address lines above the country, as the post writes them. */
const Lines = z.array(z.string().min(1)).min(1);

/** A company the notices name, with its postal address. */
const Party = z.strictObject({
  /** Its name with its legal form, as registered: "Robolux Europe B.V.". */
  name: fact(z.string().min(1)),
  address: fact(Lines),
  /** ISO 3166 country of the address: its last line, in the reader's language (Intl.DisplayNames). */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  /** A telephone number, where the law asks for one (the host, in the French mentions légales). */
  phone: fact(z.string().min(1)).optional(),
});

/**
 * What one edition's legal pages say about who runs it (content/legal/facts.ts): the provider of
 * § 5 DDG, the éditeur of LCEN art. 6, the 販売業者 of the 特定商取引法, the 상호 of the 전자상거래법,
 * the 个人信息处理者 of PIPL, the controller of GDPR art. 4(7). Every value is either given or
 * `Missing`; which of them an edition must show is its market's rule (content/legal/markets.ts).
 */
export const LegalFacts = z.strictObject({
  /** Who runs the edition and answers for what it says and collects. */
  operator: Party.extend({
    /** Who may act for it: Geschäftsführer, 代表者 or 運営統括責任者, 대표자. */
    representative: fact(z.string().min(1)).optional(),
    /** The address for questions about the site (and the fast electronic contact of § 5 DDG). */
    email: z.email(),
    /** The second fast contact (§ 5 DDG), 電話番号, 전화번호. */
    phone: fact(z.string().min(1)),
    /** Register and number: "Amtsgericht …, HRB …", "KvK 12345678", "Registered in England and Wales, no. …". */
    register: fact(z.string().min(1)).optional(),
    /** VAT identification number. */
    vatId: fact(z.string().min(1)).optional(),
    /** Share capital (capital social), which a French mentions légales states for a company. */
    shareCapital: fact(z.string().min(1)).optional(),
  }),
  /** Privacy questions and requests. */
  privacy: z.strictObject({
    email: z.email(),
    /** The person in charge: 개인정보 보호책임자 (PIPA art. 31), 个人信息保护负责人 (PIPL art. 52), a data protection officer. */
    officer: fact(z.string().min(1)).optional(),
  }),
  /** Who hosts the site (LCEN art. 6; 호스팅 서비스 제공자, 전자상거래법 § 10). */
  host: Party,
  /** Directeur de la publication (LCEN art. 6 III). */
  publicationDirector: fact(z.string().min(1)).optional(),
  /** Verantwortlich für journalistisch-redaktionelle Inhalte (§ 18 Abs. 2 MStV): the news pages. */
  contentResponsible: fact(z.string().min(1)).optional(),
  /** 사업자등록번호, `000-00-00000`. */
  businessNumber: fact(z.string().regex(/^\d{3}-\d{2}-\d{5}$/, 'a business number like 123-45-67890')).optional(),
  /** 통신판매업 신고번호: "제2026-서울강남-01234호". */
  mailOrderNumber: fact(z.string().min(1)).optional(),
  /** ICP 备案号: "京ICP备12345678号-1". */
  icp: fact(z.string().regex(/^\p{Script=Han}ICP备\d+号(-\d+)?$/u, 'an ICP filing number like 京ICP备12345678号-1')).optional(),
  /** 公安备案号: "京公网安备11010502030143号". */
  psb: fact(z.string().regex(/^\p{Script=Han}公网安备\d{14}号$/u, 'a public-security filing number like 京公网安备11010502030143号')).optional(),
  /** The terms of sale a Japanese notice lists (特定商取引法 § 11): in Japanese, as the store applies them. */
  sale: z
    .strictObject({
      /** 商品代金以外の必要料金: shipping and other charges. */
      fees: fact(z.string().min(1)),
      /** 代金の支払時期. */
      paymentTiming: fact(z.string().min(1)),
      /** 商品の引渡時期. */
      delivery: fact(z.string().min(1)),
      /** 返品・交換 (返品特約). */
      returns: fact(z.string().min(1)),
    })
    .optional(),
});
export type LegalFacts = z.infer<typeof LegalFacts>;

/**
 * A line of a legal notice or of a footer's business block: which fact it shows (its label is
 * `legal.facts.<row>`). `price`, `payment` and `environment` are the Japanese notice's lines the
 * site itself answers (prices on each page, the pack's payment methods, the app's systems).
 */
const FACT_ROWS = [
  'operator',
  'address',
  'representative',
  'email',
  'phone',
  'register',
  'vatId',
  'shareCapital',
  'publicationDirector',
  'contentResponsible',
  'host',
  'privacyOfficer',
  'privacyEmail',
  'businessNumber',
  'mailOrderNumber',
  'icp',
  'psb',
  'price',
  'fees',
  'payment',
  'paymentTiming',
  'delivery',
  'returns',
  'environment',
] as const;
export const FactRow = z.enum(FACT_ROWS);
export type FactRow = z.infer<typeof FactRow>;

/** Rows whose value the site answers itself, not the record. */
const SITE_ROWS: ReadonlySet<FactRow> = new Set(['price', 'payment', 'environment']);

/**
 * A box the log-in form asks to be ticked before it creates an account (docs/decisions/0057):
 * `terms` (the terms of use, and the privacy policy where one box names both), `privacy` (the
 * Korean separate consent to the collection and use of personal information, PIPA art. 15 and
 * 22), `transfer` (the Chinese separate consent to a transfer abroad, PIPL art. 39). Its copy:
 * `legal.agree.<id>`.
 */
export const AGREEMENT_IDS = ['terms', 'privacy', 'transfer'] as const;
export const AgreementId = z.enum(AGREEMENT_IDS);
export type AgreementId = z.infer<typeof AgreementId>;

/** How an edition shows the price a deal is reduced from (docs/decisions/0056). */
const PriceReference = z.enum([
  /** The lowest price of the previous 30 days (PAngV § 11, Directive 98/6/EC art. 6a), or none. */
  'lowest-30-days',
  /** The catalogue's list price. */
  'list',
]);

/** What one market's law asks of its edition, as rules: content/legal/markets.ts. */
export const MarketRules = z.strictObject({
  /** The lines of the legal notice's main block, in order. */
  notice: z.array(FactRow).min(1),
  /** Lines every page's footer shows (사업자 정보; 备案), in order; none where the law asks none. */
  footer: z.array(FactRow),
  /** The boxes account creation needs ticked, in order. */
  agreements: z.array(AgreementId).min(1),
  priceReference: PriceReference,
});
export type MarketRules = z.infer<typeof MarketRules>;

/** Every edition's facts, each market's rows given a value or marked missing. */
export const LegalFactsTable = (rules: Record<Region, MarketRules>) =>
  z.record(z.enum(REGIONS), LegalFacts).superRefine((table, ctx) => {
    for (const region of REGIONS) {
      const facts = table[region];
      if (!facts) {
        ctx.addIssue({ code: 'custom', path: [region], message: `the ${region} edition has no legal facts` });
        continue;
      }
      for (const row of [...rules[region].notice, ...rules[region].footer]) {
        if (SITE_ROWS.has(row)) continue;
        if (factOf(facts, row) === undefined)
          ctx.addIssue({ code: 'custom', path: [region, row], message: `the ${region} notice shows ${row}: give it, or mark it missing` });
      }
    }
  });

/** The value a row shows, from an edition's facts (undefined: the record has none). */
export function factOf(facts: LegalFacts, row: FactRow): unknown {
  switch (row) {
    case 'operator':
      return facts.operator.name;
    case 'address':
      return facts.operator.address;
    case 'representative':
      return facts.operator.representative;
    case 'email':
      return facts.operator.email;
    case 'phone':
      return facts.operator.phone;
    case 'register':
      return facts.operator.register;
    case 'vatId':
      return facts.operator.vatId;
    case 'shareCapital':
      return facts.operator.shareCapital;
    case 'host':
      return facts.host.name;
    case 'privacyOfficer':
      return facts.privacy.officer;
    case 'privacyEmail':
      return facts.privacy.email;
    case 'fees':
    case 'paymentTiming':
    case 'delivery':
    case 'returns':
      return facts.sale?.[row];
    case 'price':
    case 'payment':
    case 'environment':
      return undefined;
    default:
      return facts[row];
  }
}
