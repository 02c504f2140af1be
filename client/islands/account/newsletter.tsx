import type { FormEvent } from 'react';
import type { Profile } from '../../../kernel/profile';
import { post } from '../../runtime/api';
import { saveUserInfo } from '../../runtime/session';
import { toast } from '../../runtime/toasts';
import { Section, type AccountCopy, type Actions } from './parts';

/** The newsletter: one box, saved on its own; a sign-up by the footer's rule, so it may wait for its mailed link (docs/decisions/0054). */
export function NewsletterSection(props: { copy: AccountCopy; info: Profile | null; actions: Actions; onSaved: (profile: Profile) => void }) {
  const { copy, info, actions } = props;
  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const newsletter = new FormData(event.currentTarget).get('newsletter') !== null;
    void actions.act(async () => {
      const profile = await post<Profile>('/account/user/profile', { newsletter });
      saveUserInfo(profile);
      props.onSaved(profile);
      toast(copy.saved, { kind: 'notification', tone: 'success' });
    });
  }
  return (
    <Section id="account-newsletter" title={copy.newsletter}>
      <form className="account-form" data-part="newsletter" onSubmit={save}>
        <div className="field check">
          <input
            id="account-newsletter-box"
            name="newsletter"
            type="checkbox"
            defaultChecked={info?.newsletter || info?.newsletterPending}
            key={`${info?.newsletter}-${info?.newsletterPending}`}
          />
          <label htmlFor="account-newsletter-box">{copy.newsletterLabel}</label>
        </div>
        {info?.newsletterPending ? (
          <p className="account-note" data-newsletter="pending">
            {copy.newsletterPending}
          </p>
        ) : null}
        <button className="button primary" type="submit" disabled={actions.busy}>
          {copy.save}
        </button>
      </form>
    </Section>
  );
}
