import type { AccountCopy } from '../../../client/islands/account';
import type { LoginCopy } from '../../../client/islands/login';
import { CODES } from '../../../kernel/codes';
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

/** The log-in form's copy. */
export const loginCopy = (site: Pick<Site, 'template'>) => group<LoginCopy>(site, 'login');

/** The account page's copy. */
export const accountCopy = (site: Pick<Site, 'template'>) => group<AccountCopy>(site, 'account');

/** The edition's `api.message` table, for answers that bring no message of their own. */
export function apiMessages(site: Pick<Site, 't'>): Record<string, string> {
  const codes = ['default', ...Object.values(CODES).filter((code) => code !== CODES.success)];
  return Object.fromEntries(codes.map((code) => [code, site.t(`common.api.message.${code}`)]).filter(([, text]) => text));
}
