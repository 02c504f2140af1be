import { useEffect, useState } from 'react';
import { memberLabel, onSessionChange, readSession, takeFlash } from '../runtime/session';

/** Props of the header's account entry. */
interface AccountEntryProps {
  /** The log-in page, coming back to this page. */
  loginHref: string;
  accountHref: string;
  /** "Log in". */
  login: string;
  /** Said when the member has no name or address stored yet ("My account"). */
  account: string;
}

/**
 * The header's account entry: the server writes "Log in" for everyone (the page is
 * shareable); for a member (the `member` trigger loads this only for them) it becomes their
 * name, else the start of their address, short enough for a phone's header (`memberLabel`),
 * linking to the account page, and follows log-in and log-out in other tabs. It also says
 * what the page before left to say (the welcome after a registration).
 */
export default function AccountEntry(props: AccountEntryProps) {
  // The first render matches the server's HTML; the session is read once hydrated.
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    const update = () => {
      const session = readSession();
      setName(session ? memberLabel(session) || props.account : null);
    };
    update();
    // What the page before left to say: the welcome after a registration. The toasts load
    // only then: every member's every page runs this island, and the JavaScript budget counts it.
    const flash = takeFlash();
    if (flash) void import('../runtime/toasts').then(({ toast }) => toast(flash, { kind: 'notification', tone: 'success' }));
    return onSessionChange(update);
  }, [props.account]);
  return name === null ? (
    <a className="account-entry" href={props.loginHref}>
      {props.login}
    </a>
  ) : (
    <a className="account-entry member" href={props.accountHref}>
      {name}
    </a>
  );
}
