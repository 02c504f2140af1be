import { useEffect, useRef, useState } from 'react';
import type { Profile } from '../../kernel/profile';
import { fillTemplate } from '../../kernel/spacing';
import { get, setMessages } from '../runtime/api';
import { displayName, loginPath, onSessionChange, readSession, saveUserInfo, takeFlash } from '../runtime/session';
import { toast } from '../runtime/toasts';
import { AddressSection } from './account/address';
import { DataSection } from './account/data';
import { DeleteSection } from './account/delete';
import { NewsletterSection } from './account/newsletter';
import { useActions, type AccountCopy } from './account/parts';
import { PasswordSection } from './account/password';
import { ProfileSection } from './account/profile';
import { SignOutSection } from './account/sign-out';

export type { AccountCopy };

/** Props of the account island. */
interface AccountProps {
  copy: AccountCopy;
  /** The edition's `api.message` table. */
  messages: Record<string, string>;
  /** The edition's home, where a visitor who logged out or deleted the account lands. */
  homeHref: string;
  /** The locale the edition writes dates in (kernel/format.ts `dateLocale`: the EU edition's English day first). */
  lang: string;
}

/**
 * The member's account: profile, whether the address is proven, the newsletter choice, log out here or everywhere,
 * change the password, a copy of their data, delete the account after a confirmation; one
 * module per section (client/islands/account/). Reads the session from this storage scope;
 * without one it sends the visitor to log in, coming back here.
 */
export default function Account(props: AccountProps) {
  const { copy } = props;
  const [info, setInfo] = useState<Profile | null | undefined>(undefined);
  const actions = useActions();
  /** Logged out from this page: it says so where the button was. */
  const [signedOut, setSignedOut] = useState(false);
  const outStatus = useRef<HTMLParagraphElement>(null);

  useEffect(() => setMessages(props.messages), [props.messages]);
  useEffect(() => {
    const session = readSession();
    if (!session) {
      location.replace(loginPath());
      return;
    }
    // The session lives in this browser's storage, unknown to the server: it rendered the
    // loading line, and so does hydration (the header's entry and the members-only gate read
    // the session the same way, through their own `update`).
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the first render must match the server's HTML
    setInfo(session.userInfo);
    // A new member who went on to this page: the welcome the log-in form left (the header's entry says it elsewhere).
    toast(takeFlash(), { kind: 'notification', tone: 'success' });
    // The stored profile shows at once; the server's is the truth (an invalid session here refreshes or ends the session).
    get<Profile>('/account/user/profile').then(
      (profile) => {
        saveUserInfo(profile);
        setInfo(profile);
      },
      () => undefined,
    );
    // Logged out in another tab: this page has nothing left to show.
    return onSessionChange(() => {
      if (!readSession()) setInfo(null);
    });
  }, []);

  useEffect(() => {
    if (signedOut) outStatus.current?.focus();
  }, [signedOut]);

  if (signedOut)
    return (
      <p ref={outStatus} className="account-status" role="status" tabIndex={-1}>
        {copy.signedOut} <a href={loginPath()}>{copy.loginLink}</a>
      </p>
    );
  if (info === undefined) return <p className="account-status">{copy.loading}</p>;
  if (info === null && !readSession())
    return (
      <p className="account-status">
        {copy.loggedOut} <a href={loginPath()}>{copy.loginLink}</a>
      </p>
    );
  const name = displayName({ userId: '', apptoken: '', reftoken: '', userInfo: info });
  return (
    <div className="account" aria-busy={actions.busy}>
      <p className="account-welcome">{fillTemplate(copy.welcome, { name }, props.lang)}</p>
      <ProfileSection copy={copy} info={info} lang={props.lang} actions={actions} onSaved={setInfo} />
      <AddressSection copy={copy} info={info} actions={actions} />
      <NewsletterSection copy={copy} info={info} actions={actions} onSaved={setInfo} />
      <SignOutSection copy={copy} actions={actions} onSignedOut={() => setSignedOut(true)} />
      <PasswordSection copy={copy} actions={actions} />
      <DataSection copy={copy} actions={actions} />
      <DeleteSection copy={copy} actions={actions} homeHref={props.homeHref} />
    </div>
  );
}
