import { useEffect, useRef, useState } from 'react';
import { onSessionChange, readSession } from '../runtime/session';

/** Props of the members-only gate (worker/pages/parts/members-only.tsx writes them). */
interface MembersOnlyProps {
  /** The log-in page, coming back to this page. */
  loginHref: string;
  /** "Members-only offer". */
  locked: string;
  /** "Log in or create an account to see it". */
  login: string;
}

/** The element holding the offer, beside this island inside the part's wrapper. */
export const CONTENT_CLASS = 'members-only-content';

/**
 * The gate of a members-only offer (docs/spec/platform.md §6: offers promoted to registered
 * members). The server renders the offer hidden and this gate's log-in link for everyone;
 * for a member (a user id in this storage scope) the gate reveals the offer and steps
 * aside. Decided in the browser from the session, so the page stays shareable; the offer is
 * in the HTML, so it is a promotion, not a secret.
 */
export default function MembersOnly(props: MembersOnlyProps) {
  const gate = useRef<HTMLDivElement>(null);
  const [member, setMember] = useState(false);
  useEffect(() => {
    const update = () => setMember(readSession() !== null);
    update();
    return onSessionChange(update);
  }, []);
  useEffect(() => {
    const content = gate.current?.closest('.members-only')?.querySelector(`.${CONTENT_CLASS}`);
    if (content instanceof HTMLElement) content.hidden = !member;
  }, [member]);
  return (
    <div ref={gate} className="members-only-gate" hidden={member}>
      <p className="members-only-label">{props.locked}</p>
      <a className="button" href={props.loginHref}>
        {props.login}
      </a>
    </div>
  );
}
