import type { Region } from '../editions';

/** The editions under the GDPR (EU) or the UK GDPR: their privacy policy names a legal basis for each use. */
const GDPR: Region[] = ['uk', 'eu', 'fr', 'de'];

/** Rows of the processing table: what the site collects for, in the order a reader meets them. */
const USES = ['account', 'newsletter', 'draw', 'support', 'security', 'cookies'] as const;

const clauses = (prefix: string, names: string[], regions?: Region[]) =>
  names.map((name) => ({ kind: 'clause' as const, copy: `${prefix}.${name}`, ...(regions ? { regions } : {}) }));

/**
 * The legal pages of every edition, as data (docs/decisions/0056): the legal notice, the privacy
 * policy and the terms of use, each in the edition's language (`legal.*` in its locale), the
 * sections a market's law does not ask for left out by `regions`. Facts (who, where, which
 * numbers) come from content/legal/facts.ts, never from the copy.
 *
 * COUNSEL MUST REVIEW THE TEXTS BEFORE LAUNCH (content/legal/facts.ts says why).
 */
export const LEGAL_PAGES: unknown[] = [
  {
    slug: 'legal-notice',
    copy: 'legal.notice',
    sections: [
      { kind: 'facts', copy: 'legal.notice.provider', rows: 'notice' },
      { kind: 'facts', copy: 'legal.notice.publication', rows: ['publicationDirector'], regions: ['fr'] },
      { kind: 'facts', copy: 'legal.notice.editorial', rows: ['contentResponsible'], regions: ['de'] },
      // The Korean notice names its host among its lines (전자상거래법 § 10).
      { kind: 'facts', copy: 'legal.notice.hosting', rows: ['host'], regions: ['us', 'uk', 'eu', 'fr', 'de', 'jp', 'cn'] },
      ...clauses('legal.notice', ['store']),
      ...clauses('legal.notice', ['rights'], ['fr']),
      { kind: 'links', copy: 'legal.notice.more', slugs: ['privacy-policy', 'terms-use', 'contact-us', 'after-sale-service'] },
    ],
  },
  {
    slug: 'privacy-policy',
    copy: 'legal.privacy',
    sections: [
      { kind: 'facts', copy: 'legal.privacy.controller', rows: ['operator', 'address', 'privacyEmail'] },
      ...clauses('legal.privacy', ['scope']),
      { kind: 'table', copy: 'legal.privacy.uses', columns: ['purpose', 'data', 'basis', 'keep'], rows: USES, regions: GDPR },
      { kind: 'table', copy: 'legal.privacy.uses', columns: ['purpose', 'data', 'keep'], rows: USES, regions: ['us'] },
      { kind: 'table', copy: 'legal.privacy.uses', columns: ['purpose', 'data', 'keep'], rows: USES.filter((u) => u !== 'draw'), regions: ['jp', 'kr', 'cn'] },
      ...clauses('legal.privacy', ['recipients', 'transfers']),
      ...clauses('legal.privacy', ['destruction'], ['kr']),
      ...clauses('legal.privacy', ['cookies']),
      { kind: 'cookies', copy: 'legal.cookies' },
      ...clauses('legal.privacy', ['rights']),
      ...clauses('legal.privacy', ['california'], ['us']),
      ...clauses('legal.privacy', ['security', 'children']),
      // The person in charge (PIPA art. 31, PIPL art. 52), where the Korean guideline puts it: before the remedies.
      { kind: 'facts', copy: 'legal.privacy.officer', rows: ['privacyOfficer', 'privacyEmail'], regions: ['kr', 'cn'] },
      ...clauses('legal.privacy', ['remedies'], ['kr']),
      ...clauses('legal.privacy', ['changes']),
    ],
  },
  {
    slug: 'terms-use',
    copy: 'legal.terms',
    sections: [
      ...clauses('legal.terms', ['scope', 'accounts', 'purchases', 'content', 'conduct', 'submissions', 'liability', 'law', 'changes']),
      { kind: 'facts', copy: 'legal.terms.contact', rows: ['operator', 'address', 'email'] },
    ],
  },
];
