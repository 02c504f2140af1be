import type { Region } from '../editions';
import { MarketRules } from '../schema/legal';

/**
 * What each market's law asks of its edition (docs/decisions/0056, 0057), as rules the pages
 * follow: the lines of its legal notice, the business lines every footer carries, the boxes
 * account creation needs, and the reference a reduced price is struck through from.
 *
 * - de: § 5 DDG (provider, representative, fast contacts, register, VAT ID); § 18 Abs. 2 MStV for
 *   the news pages; PAngV § 11.
 * - fr: LCEN art. 6 III (éditeur with share capital and register, directeur de la publication,
 *   hébergeur with address and telephone); Code de la consommation L112-1-1.
 * - eu: Directive 2000/31/EC art. 5 (name, address, e-mail, register, VAT); Directive 98/6/EC art. 6a.
 * - uk: Electronic Commerce Regulations 2002 reg. 6 and the Companies Act's trading disclosures.
 * - jp: 特定商取引法 § 11 (販売業者, 代表者, 所在地, 電話番号, and the terms of sale).
 * - kr: 전자상거래법 § 10 and § 13 (상호, 대표자, 주소, 전화, 이메일, 사업자등록번호, 통신판매업 신고번호,
 *   호스팅 서비스 제공자) on every page; PIPA art. 22 (each consent asked for apart).
 * - cn: 互联网信息服务管理办法 and 计算机信息网络国际联网安全保护管理办法 (the ICP and public-security
 *   filing numbers at the foot of the site); PIPL art. 39 (a transfer abroad asked for apart).
 * - us: no notice the law names; the operator and its contacts, as California's Civil Code § 1789.3 asks.
 */
export const MARKET_RULES: Record<Region, MarketRules> = Object.fromEntries(
  Object.entries({
    us: { notice: ['operator', 'address', 'email', 'phone'], footer: [], agreements: ['terms'], priceReference: 'list' },
    uk: { notice: ['operator', 'address', 'register', 'vatId', 'email', 'phone'], footer: [], agreements: ['terms'], priceReference: 'list' },
    eu: {
      notice: ['operator', 'address', 'representative', 'register', 'vatId', 'email', 'phone'],
      footer: [],
      agreements: ['terms'],
      priceReference: 'lowest-30-days',
    },
    fr: {
      notice: ['operator', 'address', 'shareCapital', 'register', 'vatId', 'representative', 'email', 'phone'],
      footer: [],
      agreements: ['terms'],
      priceReference: 'lowest-30-days',
    },
    de: {
      notice: ['operator', 'address', 'representative', 'email', 'phone', 'register', 'vatId'],
      footer: [],
      agreements: ['terms'],
      priceReference: 'lowest-30-days',
    },
    jp: {
      notice: ['operator', 'representative', 'address', 'phone', 'email', 'price', 'fees', 'payment', 'paymentTiming', 'delivery', 'returns', 'environment'],
      footer: [],
      agreements: ['terms'],
      priceReference: 'list',
    },
    kr: {
      notice: ['operator', 'representative', 'businessNumber', 'mailOrderNumber', 'address', 'phone', 'email', 'host', 'privacyOfficer'],
      footer: ['operator', 'representative', 'businessNumber', 'mailOrderNumber', 'address', 'phone', 'email', 'host', 'privacyOfficer'],
      agreements: ['terms', 'privacy'],
      priceReference: 'list',
    },
    cn: {
      notice: ['operator', 'address', 'phone', 'email', 'privacyOfficer', 'icp', 'psb'],
      footer: ['icp', 'psb'],
      agreements: ['terms', 'transfer'],
      priceReference: 'list',
    },
  }).map(([region, rules]) => [region, MarketRules.parse(rules)]),
) as Record<Region, MarketRules>;
