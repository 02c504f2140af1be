import { startTransition, useActionState, useEffect, useRef, useState, type FormEvent } from 'react';
import { EmailField } from '../../kernel/email-field';
import { loginProblems, PASSWORD_MAX, PASSWORD_MIN } from '../../kernel/rules';
import { gapBetween } from '../../kernel/spacing';
import { ApiError, get, post, setMessages } from '../runtime/api';
import { flash, saveSession, saveUserInfo } from '../runtime/session';
import type { Profile } from '../../kernel/profile';
import { Captcha, captchaToken, type CaptchaProps } from './captcha';
import { CODES } from '../../kernel/codes';

/** The log-in form's copy (locales/<locale>/account.json `login.*`), already translated. */
export interface LoginCopy {
  intro: string;
  email: string;
  password: string;
  passwordHint: string;
  show: string;
  hide: string;
  agreeBefore: string;
  agreeBetween: string;
  agreeAfter: string;
  privacy: string;
  terms: string;
  subscribe: string;
  submit: string;
  sending: string;
  errorsTitle: string;
  emailInvalid: string;
  passwordLength: string;
  agreeRequired: string;
  /** Said on the next page after a registration. */
  welcome: string;
  /** Said after the welcome when the link proving the new member's address was mailed (docs/decisions/0054). */
  proofSent: string;
}

/** What is wrong with the form, field by field; `form` for what belongs to no field. */
export interface LoginErrors {
  email?: string;
  password?: string;
  agree?: string;
  form?: string;
}

/** Props of the log-in island; the server renders the same form for a plain post. */
interface LoginProps {
  /** Where the form posts without JavaScript: this page. */
  action: string;
  /** Where the visitor goes once logged in: a same-origin path the server checked. */
  next: string;
  privacyHref: string;
  termsHref: string;
  copy: LoginCopy;
  /** The edition's `api.message` table. */
  messages: Record<string, string>;
  /** What the visitor sent, after a plain post that failed. */
  values?: { email: string; agree: boolean; subscribe: boolean };
  /** Why that post failed. */
  errors?: LoginErrors;
  /** Turnstile, where the site is configured with it: a new account needs it. */
  captcha?: CaptchaProps;
}

interface State {
  errors: LoginErrors;
  /** Bumped on every answer, so the first field in error takes the focus again. */
  round: number;
}

// Fixed ids, not useId: the island hydrates as its own root (docs/decisions/0009).
const ID = { email: 'login-email', password: 'login-password', agree: 'login-agree', hint: 'login-password-hint', form: 'login-form-error' };
const errorId = (field: keyof LoginErrors) => `login-${field}-error`;

/** The fields' own rules, before anything is sent (the worker checks the same, kernel/rules.ts). */
function checkLogin(input: { email: string; password: string; agree: boolean }, copy: LoginCopy): LoginErrors {
  const text = { email: copy.emailInvalid, password: copy.passwordLength, agree: copy.agreeRequired };
  return Object.fromEntries(loginProblems(input).map((field) => [field, text[field]]));
}

/**
 * Log in or register in one form (register_or_login): the agreement is required, the
 * newsletter optional, the password can be shown. Without JavaScript it is a plain form
 * post to this page; with it, the island sends it with fetch, stores the session, fetches
 * the profile and goes to `next`. Errors are said beside their field and summed up above.
 */
export default function Login(props: LoginProps) {
  const { copy } = props;
  const form = useRef<HTMLFormElement>(null);
  const [visible, setVisible] = useState(false);
  const [state, dispatch, pending] = useActionState(
    async (previous: State, data: FormData): Promise<State> => {
      const input = {
        email: String(data.get('email') ?? '').trim(),
        password: String(data.get('password') ?? ''),
        agree: data.get('agree') !== null,
        subscribe: data.get('subscribe') !== null,
      };
      const round = previous.round + 1;
      const errors = checkLogin(input, copy);
      if (Object.keys(errors).length > 0) return { errors, round };
      try {
        const session = await post<{ user_id: string; apptoken: string; reftoken: string; created?: boolean; proofMailed?: boolean }>(
          '/account/user/register_or_login',
          { email: input.email, password: input.password, agree: true, subscribe: input.subscribe, 'cf-turnstile-response': captchaToken(data) },
          { toast: false },
        );
        saveSession(session);
        // A new member is welcomed on the page they go on to (the header's entry says it).
        if (session.created) flash(session.proofMailed ? `${copy.welcome} ${copy.proofSent}` : copy.welcome);
        // Then the profile (docs/spec/platform.md §4); the session stands even if this one fails.
        await get<Profile>('/account/user/profile', { toast: false }).then(saveUserInfo, () => undefined);
        location.assign(props.next);
        return { errors: {}, round };
      } catch (error) {
        if (!(error instanceof ApiError)) return { errors: { form: props.messages.default }, round };
        if (error.code === CODES.weakPassword) return { errors: { password: error.message }, round };
        if (error.code === CODES.agreement) return { errors: { agree: error.message }, round };
        return { errors: { form: error.message }, round };
      }
    },
    { errors: props.errors ?? {}, round: 0 },
  );

  useEffect(() => setMessages(props.messages), [props.messages]);
  // Once the island runs, it says what is wrong itself, in the page's language.
  useEffect(() => {
    if (form.current) form.current.noValidate = true;
  }, []);
  useEffect(() => {
    if (state.round === 0) return;
    const first = (['email', 'password', 'agree'] as const).find((field) => state.errors[field]);
    if (first) document.getElementById(ID[first])?.focus();
    else if (state.errors.form) document.getElementById(ID.form)?.focus();
  }, [state]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(() => dispatch(data));
  }

  const { errors } = state;
  const described = (field: keyof LoginErrors, extra?: string) => [errors[field] ? errorId(field) : '', extra ?? ''].filter(Boolean).join(' ') || undefined;
  const values = props.values;
  return (
    <form ref={form} className="account-form login-form" method="post" action={props.action} onSubmit={submit} aria-busy={pending}>
      <p>{copy.intro}</p>
      {errors.form ? (
        <p id={ID.form} className="form-error" role="alert" tabIndex={-1}>
          {errors.form}
        </p>
      ) : null}
      <input type="hidden" name="next" value={props.next} />
      <div className="field">
        <label htmlFor={ID.email}>{copy.email}</label>
        <EmailField id={ID.email} defaultValue={values?.email} invalid={Boolean(errors.email)} describedBy={described('email')} />
        {errors.email ? (
          <p id={errorId('email')} className="field-error">
            {errors.email}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={ID.password}>{copy.password}</label>
        <div className="password-row">
          <input
            id={ID.password}
            name="password"
            type={visible ? 'text' : 'password'}
            autoComplete="current-password"
            required
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={described('password', ID.hint)}
          />
          <button type="button" className="button password-toggle" aria-controls={ID.password} aria-pressed={visible} onClick={() => setVisible(!visible)}>
            {visible ? copy.hide : copy.show}
          </button>
        </div>
        <p id={ID.hint} className="field-hint">
          {copy.passwordHint}
        </p>
        {errors.password ? (
          <p id={errorId('password')} className="field-error">
            {errors.password}
          </p>
        ) : null}
      </div>
      <div className="field check">
        <input
          id={ID.agree}
          name="agree"
          type="checkbox"
          required
          defaultChecked={values?.agree}
          aria-invalid={errors.agree ? true : undefined}
          aria-describedby={described('agree')}
        />
        <label htmlFor={ID.agree}>
          {/* Spaced as the language spaces words: none between Chinese or Japanese and its links. */}
          {copy.agreeBefore}
          {gapBetween(copy.agreeBefore, copy.privacy)}
          <a href={props.privacyHref}>{copy.privacy}</a>
          {gapBetween(copy.privacy, copy.agreeBetween)}
          {copy.agreeBetween}
          {gapBetween(copy.agreeBetween, copy.terms)}
          <a href={props.termsHref}>{copy.terms}</a>
          {copy.agreeAfter}
        </label>
        {errors.agree ? (
          <p id={errorId('agree')} className="field-error">
            {errors.agree}
          </p>
        ) : null}
      </div>
      <div className="field check">
        <input id="login-subscribe" name="subscribe" type="checkbox" defaultChecked={values?.subscribe} />
        <label htmlFor="login-subscribe">{copy.subscribe}</label>
      </div>
      {props.captcha ? <Captcha {...props.captcha} answered={state.round} /> : null}
      <button type="submit" className="button primary" disabled={pending}>
        {pending ? copy.sending : copy.submit}
      </button>
    </form>
  );
}
