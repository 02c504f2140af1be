import type { AccountCopy } from '../../../client/islands/account';
import type { AgreementCopy, LoginCopy } from '../../../client/islands/login';
import { CODES } from '../../../kernel/codes';
import { MARKET_RULES } from '../../../content/legal/markets';
import { lookup } from '../../bundle/build';
import { hasCopy } from '../parts/legal';
import en from '../../../locales/en-US/account.json';
import type { Site } from '../../context/site';

/**
 * Every entry of a group of `account.*` messages as the islands take them: as written, their
 * `{{placeholders}}` kept for the island to fill with what only the browser knows (the
 * member's name, the day they joined). Filled here they would arrive empty ("Welcome, ").
 */
function group<T>(site: Pick<Site, 'template'>, name: 'login' | 'account'): T {
  return Object.fromEntries(Object.keys(en[name]).map((key) => [key, site.template(`account.${name}.${key}`)])) as T;
}

/** The log-in form's copy: `account.login.*`, and what it says when the address is new (`legal.agree.*`). */
export const loginCopy = (site: Site): LoginCopy => ({
  ...group<LoginCopy>(site, 'login'),
  newAccount: site.t('legal.agree.newAccount'),
  create: site.t('legal.agree.create'),
  // Only the agreements that show their details need its label (Korean, Chinese).
  details: MARKET_RULES[site.edition.region].agreements.some((id) => hasCopy(site, `legal.agree.${id}.details`)) ? site.t('legal.agree.show') : '',
});

/**
 * The boxes the edition's account creation needs (content/legal/markets.ts), as the island shows
 * them: label, refusal, and the details the market asks to be shown beside a box
 * (`legal.agree.<id>.details`: paragraphs, points, a table of `columns` by `rows`, closing lines).
 */
export function agreementsCopy(site: Site): AgreementCopy[] {
  return MARKET_RULES[site.edition.region].agreements.map((id) => {
    const key = `legal.agree.${id}`;
    const lines = (part: string) => (hasCopy(site, `${key}.details.${part}`) ? site.list(`${key}.details.${part}`) : []);
    const table = lookup(site.bundle.messages, `${key}.details.rows`) as Record<string, Record<string, string>> | undefined;
    const columns = Object.keys((lookup(site.bundle.messages, `${key}.details.columns`) as Record<string, string> | undefined) ?? {});
    return {
      id,
      label: site.template(`${key}.label`),
      required: site.t(`${key}.required`),
      ...(hasCopy(site, `${key}.details`)
        ? {
            details: {
              body: lines('body'),
              points: lines('points'),
              ...(table && columns.length
                ? {
                    table: {
                      columns: columns.map((c) => site.t(`${key}.details.columns.${c}`)),
                      rows: Object.keys(table).map((row) => columns.map((c) => site.t(`${key}.details.rows.${row}.${c}`))),
                    },
                  }
                : {}),
              after: lines('after'),
            },
          }
        : {}),
    };
  });
}

/** The account page's copy. */
export const accountCopy = (site: Pick<Site, 'template'>) => group<AccountCopy>(site, 'account');

/** The edition's `api.message` table, for answers that bring no message of their own. */
export function apiMessages(site: Pick<Site, 't'>): Record<string, string> {
  const codes = ['default', ...Object.values(CODES).filter((code) => code !== CODES.success)];
  return Object.fromEntries(codes.map((code) => [code, site.t(`common.api.message.${code}`)]).filter(([, text]) => text));
}
