import Account from '../../../client/islands/account';
import { useSite } from '../../context/react';
import { Island } from '../../render/island';
import { dateLocale } from '../../../kernel/format';
import { accountCopy, apiMessages } from './copy';
import { loginHref } from './links';

/**
 * `/{region}/account`: the member's account, an island on the session in this browser. The
 * server knows no session (the page is the same for everyone), so without JavaScript it
 * offers the log-in link.
 */
export function AccountPage() {
  const site = useSite();
  return (
    <section className="page-intro account-page">
      <h1>{site.t('head.account.heading')}</h1>
      <noscript>
        <p className="account-status">
          {site.t('account.account.loggedOut')} <a href={loginHref(site)}>{site.t('account.account.loginLink')}</a>
        </p>
      </noscript>
      <Island
        name="account"
        component={Account}
        props={{ copy: accountCopy(site), messages: apiMessages(site), homeHref: site.href('/'), lang: dateLocale(site.edition) }}
      />
    </section>
  );
}
