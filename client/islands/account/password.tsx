import type { FormEvent } from 'react';
import { CODES } from '../../../kernel/codes';
import { post } from '../../runtime/api';
import { toast } from '../../runtime/toasts';
import { FieldError, Section, type AccountCopy, type Actions } from './parts';

/** A new password after the current one. */
export function PasswordSection(props: { copy: AccountCopy; actions: Actions }) {
  const { copy, actions } = props;
  function change(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const current = String(data.get('current') ?? '');
    const password = String(data.get('password') ?? '');
    if (!current) return actions.setErrors({ current: copy.passwordRequired });
    // The length and strength of the new one: the server's answer (weakPassword) says it beside the field.
    void actions.act(
      async () => {
        await post('/account/user/password', { current, password }, { toast: false });
        form.reset();
        toast(copy.passwordChanged, { kind: 'notification', tone: 'success' });
      },
      (error) => (error.code === CODES.credentials ? { current: error.message } : { password: error.message }),
    );
  }
  return (
    <Section id="account-password" title={copy.password}>
      <form className="account-form" onSubmit={change} noValidate>
        <div className="field">
          <label htmlFor="account-current">{copy.currentPassword}</label>
          <input id="account-current" name="current" type="password" autoComplete="current-password" maxLength={512} {...actions.invalid('current')} />
          <FieldError id="account-current-error" text={actions.errors.current} />
        </div>
        <div className="field">
          <label htmlFor="account-password-new">{copy.newPassword}</label>
          <input id="account-password-new" name="password" type="password" autoComplete="new-password" maxLength={512} {...actions.invalid('password')} />
          <FieldError id="account-password-error" text={actions.errors.password} />
        </div>
        <button className="button primary" type="submit" disabled={actions.busy}>
          {copy.changePassword}
        </button>
      </form>
    </Section>
  );
}
