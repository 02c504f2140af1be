import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, get, post, setMessages } from '../runtime/api';
import { clearSession, displayName, loginPath, onSessionChange, readSession, saveUserInfo, takeFlash } from '../runtime/session';
import type { Profile } from '../../kernel/profile';
import { fillTemplate } from '../../kernel/spacing';
import { toast } from '../runtime/toasts';
import { CODES } from '../../kernel/codes';

/** The account page's copy (locales/<locale>/account.json `account.*`), already translated. */
export interface AccountCopy {
  loading: string;
  loggedOut: string;
  loginLink: string;
  welcome: string;
  profile: string;
  name: string;
  email: string;
  memberSince: string;
  save: string;
  saved: string;
  newsletter: string;
  newsletterLabel: string;
  signOut: string;
  signOutHere: string;
  signOutEverywhere: string;
  signOutEverywhereHint: string;
  signedOut: string;
  password: string;
  currentPassword: string;
  newPassword: string;
  changePassword: string;
  passwordChanged: string;
  data: string;
  dataHint: string;
  dataButton: string;
  delete: string;
  deleteHint: string;
  deleteConfirm: string;
  deleteButton: string;
  deleteDialogTitle: string;
  deleteDialogText: string;
  cancel: string;
  deleted: string;
  confirmRequired: string;
  passwordRequired: string;
}

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

type Errors = Partial<Record<'name' | 'current' | 'password' | 'deletePassword' | 'confirm', string>>;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="account-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="field-error">
      {text}
    </p>
  ) : null;
}

/**
 * The member's account: profile and newsletter choice (edit), log out here or everywhere,
 * change the password, delete the account after a confirmation. Reads the session from
 * this storage scope; without one it sends the visitor to log in, coming back here.
 */
export default function Account(props: AccountProps) {
  const { copy } = props;
  const [info, setInfo] = useState<Profile | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  /** Logged out from this page: it says so where the button was. */
  const [signedOut, setSignedOut] = useState(false);
  const outStatus = useRef<HTMLParagraphElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const deleteForm = useRef<HTMLFormElement>(null);

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
    // The stored profile shows at once; the server's is the truth (a 4003 here refreshes or ends the session).
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

  async function act(work: () => Promise<void>, onError?: (error: ApiError) => Errors | undefined) {
    setBusy(true);
    setErrors({});
    try {
      await work();
    } catch (error) {
      const fields = error instanceof ApiError ? onError?.(error) : undefined;
      if (fields) setErrors(fields);
    } finally {
      setBusy(false);
    }
  }

  function saveProfile(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = event.currentTarget.dataset.part === 'newsletter' ? { newsletter: data.get('newsletter') !== null } : { name: String(data.get('name') ?? '') };
    void act(async () => {
      const profile = await post<Profile>('/account/user/profile', body);
      saveUserInfo(profile);
      setInfo(profile);
      toast(copy.saved, { kind: 'notification', tone: 'success' });
    });
  }

  function signOut(everywhere: boolean) {
    void act(async () => {
      try {
        await post('/account/user/sign_out', { everywhere }, { toast: false });
      } finally {
        // Logged out here whatever the server said: the tokens are gone from this browser.
        // The page stays and says so (a toast would leave with the page it was raised on).
        setSignedOut(true);
        clearSession();
      }
    });
  }

  useEffect(() => {
    if (signedOut) outStatus.current?.focus();
  }, [signedOut]);

  function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const current = String(data.get('current') ?? '');
    const password = String(data.get('password') ?? '');
    if (!current) return setErrors({ current: copy.passwordRequired });
    // The length and strength of the new one: the server's answer (4002) says it beside the field.
    void act(
      async () => {
        await post('/account/user/password', { current, password }, { toast: false });
        form.reset();
        toast(copy.passwordChanged, { kind: 'notification', tone: 'success' });
      },
      (error) => (error.code === CODES.credentials ? { current: error.message } : { password: error.message }),
    );
  }

  /** A copy of the member's data (decision 0040), saved as a JSON file; a failure is the API's toast. */
  function downloadData() {
    void act(async () => {
      const copyOfData = await get<object>('/account/user/data');
      const file = new Blob([JSON.stringify(copyOfData, null, 2)], { type: 'application/json' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(file);
      link.download = `robolux-data-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 0);
    });
  }

  function askDelete(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    if (!data.get('password')) return setErrors({ deletePassword: copy.passwordRequired });
    if (data.get('confirm') === null) return setErrors({ confirm: copy.confirmRequired });
    setErrors({});
    dialog.current?.showModal();
  }

  function confirmDelete() {
    const data = new FormData(deleteForm.current!);
    dialog.current?.close();
    void act(
      async () => {
        await post('/account/user/delete', { password: String(data.get('password') ?? ''), confirm: true }, { toast: false });
        clearSession();
        toast(copy.deleted, { kind: 'notification', tone: 'success' });
        location.assign(props.homeHref);
      },
      (error) => ({ deletePassword: error.message }),
    );
  }

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
  const invalid = (field: keyof Errors) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `account-${field}-error` } : {});
  return (
    <div className="account" aria-busy={busy}>
      <p className="account-welcome">{fillTemplate(copy.welcome, { name }, props.lang)}</p>
      <Section id="account-profile" title={copy.profile}>
        <form className="account-form" data-part="profile" onSubmit={saveProfile}>
          <p>
            {copy.email}: <strong>{info?.email}</strong>
            {info?.created_at ? (
              <>
                <br />
                {fillTemplate(copy.memberSince, { date: new Intl.DateTimeFormat(props.lang, { dateStyle: 'long' }).format(info.created_at) }, props.lang)}
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
              {...invalid('name')}
            />
            <FieldError id="account-name-error" text={errors.name} />
          </div>
          <button className="button primary" type="submit" disabled={busy}>
            {copy.save}
          </button>
        </form>
      </Section>
      <Section id="account-newsletter" title={copy.newsletter}>
        <form className="account-form" data-part="newsletter" onSubmit={saveProfile}>
          <div className="field check">
            <input id="account-newsletter-box" name="newsletter" type="checkbox" defaultChecked={info?.newsletter} key={String(info?.newsletter)} />
            <label htmlFor="account-newsletter-box">{copy.newsletterLabel}</label>
          </div>
          <button className="button primary" type="submit" disabled={busy}>
            {copy.save}
          </button>
        </form>
      </Section>
      <Section id="account-sign-out" title={copy.signOut}>
        <p>{copy.signOutEverywhereHint}</p>
        <div className="account-actions">
          <button className="button" type="button" onClick={() => signOut(false)} disabled={busy}>
            {copy.signOutHere}
          </button>
          <button className="button" type="button" onClick={() => signOut(true)} disabled={busy}>
            {copy.signOutEverywhere}
          </button>
        </div>
      </Section>
      <Section id="account-password" title={copy.password}>
        <form className="account-form" onSubmit={changePassword} noValidate>
          <div className="field">
            <label htmlFor="account-current">{copy.currentPassword}</label>
            <input id="account-current" name="current" type="password" autoComplete="current-password" maxLength={512} {...invalid('current')} />
            <FieldError id="account-current-error" text={errors.current} />
          </div>
          <div className="field">
            <label htmlFor="account-password-new">{copy.newPassword}</label>
            <input id="account-password-new" name="password" type="password" autoComplete="new-password" maxLength={512} {...invalid('password')} />
            <FieldError id="account-password-error" text={errors.password} />
          </div>
          <button className="button primary" type="submit" disabled={busy}>
            {copy.changePassword}
          </button>
        </form>
      </Section>
      <Section id="account-data" title={copy.data}>
        <p>{copy.dataHint}</p>
        <button className="button" type="button" onClick={downloadData} disabled={busy}>
          {copy.dataButton}
        </button>
      </Section>
      <Section id="account-delete" title={copy.delete}>
        <form ref={deleteForm} className="account-form" onSubmit={askDelete} noValidate>
          <p>{copy.deleteHint}</p>
          <div className="field">
            <label htmlFor="account-delete-password">{copy.currentPassword}</label>
            <input
              id="account-delete-password"
              name="password"
              type="password"
              autoComplete="current-password"
              maxLength={512}
              {...invalid('deletePassword')}
            />
            <FieldError id="account-deletePassword-error" text={errors.deletePassword} />
          </div>
          <div className="field check">
            <input id="account-delete-confirm" name="confirm" type="checkbox" {...invalid('confirm')} />
            <label htmlFor="account-delete-confirm">{copy.deleteConfirm}</label>
            <FieldError id="account-confirm-error" text={errors.confirm} />
          </div>
          <button className="button danger" type="submit" aria-haspopup="dialog" disabled={busy}>
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
            <button className="button danger" type="button" onClick={confirmDelete}>
              {copy.deleteButton}
            </button>
          </div>
        </dialog>
      </Section>
    </div>
  );
}
