import { post } from '../../runtime/api';
import { clearSession } from '../../runtime/session';
import { Section, type AccountCopy, type Actions } from './parts';

/** Log out here, or everywhere; the page then says so where the buttons were (`onSignedOut`). */
export function SignOutSection(props: { copy: AccountCopy; actions: Actions; onSignedOut: () => void }) {
  const { copy, actions } = props;
  function signOut(everywhere: boolean) {
    void actions.act(async () => {
      try {
        await post('/account/user/sign_out', { everywhere }, { toast: false });
      } finally {
        // Logged out here whatever the server said: the tokens are gone from this browser.
        // The page stays and says so (a toast would leave with the page it was raised on).
        props.onSignedOut();
        clearSession();
      }
    });
  }
  return (
    <Section id="account-sign-out" title={copy.signOut}>
      <p>{copy.signOutEverywhereHint}</p>
      <div className="account-actions">
        <button className="button" type="button" onClick={() => signOut(false)} disabled={actions.busy}>
          {copy.signOutHere}
        </button>
        <button className="button" type="button" onClick={() => signOut(true)} disabled={actions.busy}>
          {copy.signOutEverywhere}
        </button>
      </div>
    </Section>
  );
}
