import type { FormEvent } from 'react';
import type { Profile } from '../../../kernel/profile';
import { fillTemplate } from '../../../kernel/spacing';
import { post } from '../../runtime/api';
import { saveUserInfo } from '../../runtime/session';
import { toast } from '../../runtime/toasts';
import { FieldError, Section, type AccountCopy, type Actions } from './parts';

/** The member's address, the day they joined, and their name to edit. */
export function ProfileSection(props: { copy: AccountCopy; info: Profile | null; lang: string; actions: Actions; onSaved: (profile: Profile) => void }) {
  const { copy, info, lang, actions } = props;
  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '');
    void actions.act(async () => {
      const profile = await post<Profile>('/account/user/profile', { name });
      saveUserInfo(profile);
      props.onSaved(profile);
      toast(copy.saved, { kind: 'notification', tone: 'success' });
    });
  }
  return (
    <Section id="account-profile" title={copy.profile}>
      <form className="account-form" data-part="profile" onSubmit={save}>
        <p>
          {copy.email}: <strong>{info?.email}</strong>
          {info?.created_at ? (
            <>
              <br />
              {fillTemplate(copy.memberSince, { date: new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(info.created_at) }, lang)}
            </>
          ) : null}
        </p>
        <div className="field">
          <label htmlFor="account-name">{copy.name}</label>
          <input
            id="account-name"
            name="name"
            type="text"
            autoComplete="name"
            maxLength={80}
            defaultValue={info?.name}
            key={info?.name}
            {...actions.invalid('name')}
          />
          <FieldError id="account-name-error" text={actions.errors.name} />
        </div>
        <button className="button primary" type="submit" disabled={actions.busy}>
          {copy.save}
        </button>
      </form>
    </Section>
  );
}
