import type { ReactNode } from 'react';
import MembersOnlyGate, { CONTENT_CLASS } from '../../../client/islands/members-only';
import { useSite } from '../../context/react';
import { Island } from '../../render/island';
import { loginHref as loginHrefOf } from '../account/links';

/**
 * A members-only offer (docs/decisions/0017): `children` are rendered hidden for everyone and shown
 * by the `members-only` island to a visitor with a session in this storage scope; everyone
 * else sees a log-in link that comes back to this page. A page that uses it lists
 * `'members-only'` among its islands (pages/registry.tsx); the island loads only for members.
 */
export function MembersOnly({ children, loginHref }: { children: ReactNode; loginHref?: string }) {
  const site = useSite();
  return (
    <div className="members-only">
      <div className={CONTENT_CLASS} hidden>
        {children}
      </div>
      <Island
        name="members-only"
        component={MembersOnlyGate}
        props={{ loginHref: loginHref ?? loginHrefOf(site), locked: site.t('account.members.locked'), login: site.t('account.members.login') }}
      />
    </div>
  );
}
