import { useState } from 'react';
import type { Profile } from '../../../kernel/profile';
import { post } from '../../runtime/api';
import { Section, type AccountCopy, type Actions } from './parts';

/**
 * The member's address and whether it is proven (docs/decisions/0054): until the mailed link
 * is followed, what the account can and cannot reach, and a button that mails the link again
 * (it says it went only when the server says so).
 */
export function AddressSection(props: { copy: AccountCopy; info: Profile | null; actions: Actions }) {
  const { copy, info, actions } = props;
  const [sent, setSent] = useState(false);
  function resend() {
    void actions.act(async () => {
      await post('/account/user/address/resend', {});
      setSent(true);
    });
  }
  return (
    <Section id="account-address" title={copy.address}>
      {info?.proven ? (
        <p data-address="proven">{copy.addressProven}</p>
      ) : (
        <>
          <p data-address="unproven">{copy.addressUnproven}</p>
          {sent ? (
            <p className="account-note" role="status">
              {copy.addressSent}
            </p>
          ) : (
            <button className="button" type="button" onClick={resend} disabled={actions.busy}>
              {copy.addressResend}
            </button>
          )}
        </>
      )}
    </Section>
  );
}
