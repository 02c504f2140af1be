import { useRef, type FormEvent } from 'react';
import { post } from '../../runtime/api';
import { clearSession } from '../../runtime/session';
import { toast } from '../../runtime/toasts';
import { FieldError, Section, type AccountCopy, type Actions } from './parts';

/** Deleting the account: the password and a box, then a modal dialog that asks once more. */
export function DeleteSection(props: { copy: AccountCopy; actions: Actions; homeHref: string }) {
  const { copy, actions } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);

  function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    if (!data.get('password')) return actions.setErrors({ deletePassword: copy.passwordRequired });
    if (data.get('confirm') === null) return actions.setErrors({ confirm: copy.confirmRequired });
    actions.setErrors({});
    dialog.current?.showModal();
  }

  function confirm() {
    const data = new FormData(form.current!);
    dialog.current?.close();
    void actions.act(
      async () => {
        await post('/account/user/delete', { password: String(data.get('password') ?? ''), confirm: true }, { toast: false });
        clearSession();
        toast(copy.deleted, { kind: 'notification', tone: 'success' });
        location.assign(props.homeHref);
      },
      (error) => ({ deletePassword: error.message }),
    );
  }

  return (
    <Section id="account-delete" title={copy.delete}>
      <form ref={form} className="account-form" onSubmit={ask} noValidate>
        <p>{copy.deleteHint}</p>
        <div className="field">
          <label htmlFor="account-delete-password">{copy.currentPassword}</label>
          <input
            id="account-delete-password"
            name="password"
            type="password"
            autoComplete="current-password"
            maxLength={512}
            {...actions.invalid('deletePassword')}
          />
          <FieldError id="account-deletePassword-error" text={actions.errors.deletePassword} />
        </div>
        <div className="field check">
          <input id="account-delete-confirm" name="confirm" type="checkbox" {...actions.invalid('confirm')} />
          <label htmlFor="account-delete-confirm">{copy.deleteConfirm}</label>
          <FieldError id="account-confirm-error" text={actions.errors.confirm} />
        </div>
        <button className="button danger" type="submit" aria-haspopup="dialog" disabled={actions.busy}>
          {copy.deleteButton}
        </button>
      </form>
      <dialog ref={dialog} aria-labelledby="account-delete-title" aria-describedby="account-delete-text">
        <h2 id="account-delete-title">{copy.deleteDialogTitle}</h2>
        <p id="account-delete-text">{copy.deleteDialogText}</p>
        <div className="account-actions">
          <button className="button" type="button" autoFocus onClick={() => dialog.current?.close()}>
            {copy.cancel}
          </button>
          <button className="button danger" type="button" onClick={confirm}>
            {copy.deleteButton}
          </button>
        </div>
      </dialog>
    </Section>
  );
}
