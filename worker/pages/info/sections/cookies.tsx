import type { Region } from '../../../../content/editions';
import { CONSENT_COOKIE } from '../../../../kernel/consent';
import { POPUP_SEEN_KEY } from '../../../../kernel/popup';
import { PREVIEW_COOKIE } from '../../../clock/preview';
import { COUNTRY_COOKIE, REGION_COOKIE, SUGGEST_COOKIE } from '../../../edition/cookies';
import { sessionKeyName } from '../../../post/session-cookie';
import type { Site } from '../../../context/site';
import type { SectionProps } from './types';
import { Band } from '../../parts/sections';

/**
 * What the site keeps in the browser, named as the code names it, so the policy lists what is
 * really set. Purposes and lifetimes are copy: `<copy>.items.<id>` (`info-legal.cookies` in the
 * US cookies policy, `legal.cookies` in every edition's privacy policy).
 */
const STORED: readonly { id: string; name: (site: Site) => string; kind: 'cookie' | 'storage'; regions?: readonly Region[] }[] = [
  { id: REGION_COOKIE, name: () => REGION_COOKIE, kind: 'cookie' },
  // The visitor's consent choice (docs/decisions/0033).
  { id: CONSENT_COOKIE, name: () => CONSENT_COOKIE, kind: 'cookie' },
  { id: COUNTRY_COOKIE, name: () => COUNTRY_COOKIE, kind: 'cookie' },
  { id: SUGGEST_COOKIE, name: () => SUGGEST_COOKIE, kind: 'cookie' },
  { id: PREVIEW_COOKIE, name: () => PREVIEW_COOKIE, kind: 'cookie' },
  // The session's key, as production names it (Secure, so `__Secure-`), per API group: docs/decisions/0036.
  { id: 'sessionKey', name: (site) => `__Secure-${sessionKeyName(site.edition.apiGroup)}`, kind: 'cookie' },
  { id: 'apptoken', name: () => 'apptoken', kind: 'storage' },
  { id: 'reftoken', name: () => 'reftoken', kind: 'storage' },
  { id: 'userId', name: () => 'userId', kind: 'storage' },
  { id: 'userInfo', name: () => 'userInfo', kind: 'storage' },
  // The new-user popup is the US edition's alone.
  { id: POPUP_SEEN_KEY, name: () => POPUP_SEEN_KEY, kind: 'storage', regions: ['us'] },
];

/** The table of cookies and storage entries. */
export function Cookies({ section, view }: SectionProps<'cookies'>) {
  const c = (key: string) => view.copy(`${section.copy ?? 'info-legal.cookies'}.${key}`);
  const stored = STORED.filter((s) => !s.regions || s.regions.includes(view.site.edition.region));
  return (
    <Band heading={c('table.heading')} headingId="stored">
      {/* Focusable, named by its heading: a keyboard scrolls a table wider than the phone. */}
      <div className="table-scroll" role="region" aria-labelledby="stored" tabIndex={0}>
        <table className="specs stored-table" aria-labelledby="stored">
          <thead>
            <tr>
              <th scope="col">{c('table.name')}</th>
              <th scope="col">{c('table.kind')}</th>
              <th scope="col">{c('table.purpose')}</th>
              <th scope="col">{c('table.lifetime')}</th>
            </tr>
          </thead>
          <tbody>
            {stored.map((s) => (
              <tr key={s.id} data-stored={s.name(view.site)}>
                <th scope="row">
                  <code>{s.name(view.site)}</code>
                </th>
                <td>{c(`table.kinds.${s.kind}`)}</td>
                <td>{c(`items.${s.id}.purpose`)}</td>
                <td>{c(`items.${s.id}.lifetime`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Band>
  );
}
