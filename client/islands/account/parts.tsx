import { useState, type ReactNode } from 'react';
import { ApiError } from '../../runtime/api';

// What the account page's sections share (client/islands/account.tsx composes them): a
// section's frame, a field's error line, and one way to run a call that marks the page busy
// and puts the answer's message beside the field it is about. Not an island: only the .tsx
// files at the top of client/islands/ are (scripts/islands-build.mjs).

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
  address: string;
  addressUnproven: string;
  addressResend: string;
  addressSent: string;
  addressProven: string;
  newsletterPending: string;
}

/** The fields a refusal can be about. */
type Errors = Partial<Record<'name' | 'current' | 'password' | 'deletePassword' | 'confirm', string>>;

/** The page's busy state and field errors, and `act`, which runs a call under them. */
export interface Actions {
  busy: boolean;
  errors: Errors;
  setErrors: (errors: Errors) => void;
  /** Runs `work` with the page busy; a refusal's fields (`onError`) show beside them. */
  act: (work: () => Promise<void>, onError?: (error: ApiError) => Errors | undefined) => Promise<void>;
  /** The attributes of a field in error: invalid, and described by its message. */
  invalid: (field: keyof Errors) => { 'aria-invalid'?: true; 'aria-describedby'?: string };
}

/** One set of actions for the whole page: a call in one section disables the buttons of all. */
export function useActions(): Actions {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
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
  const invalid = (field: keyof Errors) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `account-${field}-error` } : {});
  return { busy, errors, setErrors, act, invalid };
}

/** A section of the account page, named by its heading. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="account-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A field's error line, when it has one. */
export function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="field-error">
      {text}
    </p>
  ) : null;
}
