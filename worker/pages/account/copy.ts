import type { AccountCopy } from '../../../client/islands/account';
import type { LoginCopy } from '../../../client/islands/login';
import en from '../../../locales/en-US/account.json';
import type { Site } from '../../context/site';

/** Every entry of a group of `account.*` messages, translated, as the islands take them. */
function group<T>(site: Pick<Site, 't'>, name: 'login' | 'account'): T {
  return Object.fromEntries(Object.keys(en[name]).map((key) => [key, site.t(`account.${name}.${key}`)])) as T;
}

/** The log-in form's copy. */
export const loginCopy = (site: Pick<Site, 't'>) => group<LoginCopy>(site, 'login');

/** The account page's copy. */
export const accountCopy = (site: Pick<Site, 't'>) => group<AccountCopy>(site, 'account');

/** The edition's `api.message` table, for answers that bring no message of their own. */
export function apiMessages(site: Pick<Site, 't'>): Record<string, string> {
  const codes = ['default', '4000', '4001', '4002', '4003', '4004', '4013', '4015', '4029', '4030', '5000'];
  return Object.fromEntries(codes.map((code) => [code, site.t(`common.api.message.${code}`)]).filter(([, text]) => text));
}
