import { useState, type FormEvent } from 'react';
import { isEmail, type SubscribeSource } from '../../content/rules';
import { ApiError, post } from '../runtime/api';

/** Props of a newsletter form; all copy comes from the edition's region pack. */
export interface SubscribeProps {
  /** Prefix of the form's element ids, unique on the page (not useId: see NewUserPopup). */
  id: string;
  region: string;
  source: SubscribeSource;
  product?: string;
  title: string;
  describe: string;
  placeholder: string;
  button: string;
  invalid: string;
  success: string;
  /** Shown when the call fails without a message of its own. */
  failure: string;
}

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; message: string } | { kind: 'error'; message: string; field: boolean };

/**
 * The newsletter sign-up: checks the address with the same rule as the server before
 * sending, then shows the server's answer in the edition's language. Messages are announced
 * politely to screen readers; an invalid address marks the field and keeps focus there.
 */
export default function Subscribe({ id, region, source, product, title, describe, placeholder, button, invalid, success, failure }: SubscribeProps) {
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('email') as HTMLInputElement;
    if (!isEmail(input.value)) {
      setState({ kind: 'error', message: invalid, field: true });
      input.focus();
      return;
    }
    setState({ kind: 'sending' });
    try {
      await post('/account/user/subscribe/create', { email: input.value.trim(), region, source, ...(product ? { product } : {}) });
      setState({ kind: 'done', message: success });
    } catch (error) {
      const message = error instanceof ApiError && error.message ? error.message : failure;
      setState({ kind: 'error', message, field: error instanceof ApiError && error.code === 4000 });
    }
  }

  const invalidField = state.kind === 'error' && state.field;
  return (
    <form className="subscribe" noValidate onSubmit={submit} data-source={source}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p>{describe}</p>
      <div className="subscribe-row">
        <label htmlFor={`${id}-email`} className="visually-hidden">
          {placeholder}
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          placeholder={placeholder}
          aria-invalid={invalidField || undefined}
          aria-describedby={`${id}-status`}
        />
        <button type="submit" className="button primary" disabled={state.kind === 'sending'}>
          {button}
        </button>
      </div>
      <p id={`${id}-status`} className={`subscribe-status ${state.kind}`} role="status" aria-live="polite">
        {state.kind === 'done' || state.kind === 'error' ? state.message : ''}
      </p>
    </form>
  );
}
