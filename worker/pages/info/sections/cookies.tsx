import { PREVIEW_COOKIE } from '../../../clock/preview';
import { COUNTRY_COOKIE, REGION_COOKIE, SUGGEST_COOKIE } from '../../../edition/cookies';
import { sessionKeyName } from '../../../post/session-cookie';
import type { SectionProps } from './types';
import { Band } from '../../parts/sections';

/**
 * What the site keeps in the browser, named as the code names it, so the policy lists what is
 * really set. Purposes and lifetimes are copy: `info-legal.cookies.items.<name>`.
 */
const STORED = [
  { name: REGION_COOKIE, kind: 'cookie' },
  { name: COUNTRY_COOKIE, kind: 'cookie' },
  { name: SUGGEST_COOKIE, kind: 'cookie' },
  { name: PREVIEW_COOKIE, kind: 'cookie' },
  // The session's key, as production names it (Secure, so `__Secure-`): docs/decisions/0036.
  { name: `__Secure-${sessionKeyName('us')}`, kind: 'cookie' },
  { name: 'apptoken', kind: 'storage' },
  { name: 'reftoken', kind: 'storage' },
  { name: 'userId', kind: 'storage' },
  { name: 'userInfo', kind: 'storage' },
  { name: 'newUserPopupSeen', kind: 'storage' },
] as const;

/** The table of cookies and storage entries. */
export function Cookies({ view }: SectionProps<'cookies'>) {
  const c = (key: string) => view.copy(`info-legal.cookies.${key}`);
  return (
    <Band heading={c('table.heading')} headingId="stored">
      <table className="specs" aria-labelledby="stored">
        <thead>
          <tr>
            <th scope="col">{c('table.name')}</th>
            <th scope="col">{c('table.kind')}</th>
            <th scope="col">{c('table.purpose')}</th>
            <th scope="col">{c('table.lifetime')}</th>
          </tr>
        </thead>
        <tbody>
          {STORED.map((s) => (
            <tr key={s.name} data-stored={s.name}>
              <th scope="row">
                <code>{s.name}</code>
              </th>
              <td>{c(`table.kinds.${s.kind}`)}</td>
              <td>{c(`items.${s.name}.purpose`)}</td>
              <td>{c(`items.${s.name}.lifetime`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Band>
  );
}
