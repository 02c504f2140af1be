import { Fragment, startTransition, useActionState, useEffect, useRef, useState, type FormEvent } from 'react';
import type { AgreementId } from '../../content/schema/legal';
import { EmailField } from '../../kernel/email-field';
import { textParts } from '../../kernel/legal-text';
import { agreementField, loginProblems, missingAgreements, PASSWORD_MAX, PASSWORD_MIN } from '../../kernel/rules';
import { ApiError, get, post, setMessages } from '../runtime/api';
import { flash, saveSession, saveUserInfo } from '../runtime/session';
import type { Profile } from '../../kernel/profile';
import { Captcha, captchaToken, type CaptchaProps } from './captcha';
import { CODES } from '../../kernel/codes';

/** The log-in form's copy (locales/<locale>/account.json `login.*` and legal.json `agree.*`), already translated. */
export interface LoginCopy {
  intro: string;
  email: string;
  password: string;
  passwordHint: string;
  show: string;
  hide: string;
  subscribe: string;
  submit: string;
  sending: string;
  errorsTitle: string;
  emailInvalid: string;
  passwordLength: string;
  /** Said on the next page after a registration. */
  welcome: string;
  /** Said after the welcome when the link proving the new member's address was mailed (docs/decisions/0054). */
  proofSent: string;
  /** Said when the address is new: the boxes below are asked for (docs/decisions/0057). */
  newAccount: string;
  /** The submit button while an account is being created. */
  create: string;
  /** The label that opens a box's details (Korean: 내용 보기); '' where no box has details. */
  details: string;
}

/**
 * A box account creation needs ticked, as its edition words it (content/legal/markets.ts):
 * its label with links (`[이용약관](terms-use)`, kernel/legal-text.ts), what an unticked box
 * says, and what it agrees to in detail where the market asks that it be shown beside it
 * (the Korean items, purposes and retention; the Chinese transfer abroad).
 */
export interface AgreementCopy {
  id: AgreementId;
  label: string;
  required: string;
  details?: { body: string[]; points: string[]; table?: { columns: string[]; rows: string[][] }; after: string[] };
}

/** What is wrong with the form, field by field; `form` for what belongs to no field. */
export interface LoginErrors {
  email?: string;
  password?: string;
  /** An unticked box, by agreement. */
  agree?: Partial<Record<AgreementId, string>>;
  form?: string;
}

/** Props of the log-in island; the server renders the same form for a plain post. */
interface LoginProps {
  /** Where the form posts without JavaScript: this page. */
  action: string;
  /** Where the visitor goes once logged in: a same-origin path the server checked. */
  next: string;
  /** The edition's pages the labels link, by slug: its own terms and privacy policy. */
  links: Record<string, string>;
  copy: LoginCopy;
  agreements: AgreementCopy[];
  /** The edition's `api.message` table. */
  messages: Record<string, string>;
  /** The address is new: the boxes are shown (after a plain post the server answered so). */
  creating?: boolean;
  /** What the visitor sent, after a plain post that failed. */
  values?: { email: string; agreed: AgreementId[]; subscribe: boolean };
  /** Why that post failed. */
  errors?: LoginErrors;
  /** Turnstile, where the site is configured with it: a new account needs it. */
  captcha?: CaptchaProps;
}

interface State {
  errors: LoginErrors;
  /** The address is new: the agreements and the newsletter box are asked for. */
  creating: boolean;
  /** Bumped on every answer, so the first field in error takes the focus again. */
  round: number;
}

// Fixed ids, not useId: the island hydrates as its own root (docs/decisions/0009).
const ID = { email: 'login-email', password: 'login-password', hint: 'login-password-hint', form: 'login-form-error', notice: 'login-new-account' };
const boxId = (id: AgreementId) => `login-${agreementField(id)}`;
const errorId = (field: string) => `login-${field}-error`;

/** A label or a line of details: its text, with its links to the edition's pages. */
function Linked({ line, links }: { line: string; links: Record<string, string> }) {
  return (
    <>
      {textParts(line).map((part, i) =>
        part.kind === 'link' && links[part.slug] ? (
          <a key={i} href={links[part.slug]}>
            {part.label}
          </a>
        ) : (
          <Fragment key={i}>{part.kind === 'link' ? part.label : part.kind === 'text' ? part.text : ''}</Fragment>
        ),
      )}
    </>
  );
}

/** What a box agrees to, folded under its label (works without JavaScript: a native disclosure). */
function Details({ agreement, summary, links }: { agreement: AgreementCopy; summary: string; links: Record<string, string> }) {
  const { details } = agreement;
  if (!details) return null;
  return (
    <details className="agreement-details">
      <summary>{summary}</summary>
      {details.body.map((line, i) => (
        <p key={`b${i}`}>
          <Linked line={line} links={links} />
        </p>
      ))}
      {details.points.length > 0 ? (
        <ul>
          {details.points.map((line, i) => (
            <li key={i}>
              <Linked line={line} links={links} />
            </li>
          ))}
        </ul>
      ) : null}
      {details.table ? (
        <table className="specs agreement-table">
          <thead>
            <tr>
              {details.table.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {details.table.rows.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) => (j === 0 ? <th key={j} scope="row">{cell}</th> : <td key={j}>{cell}</td>))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {details.after.map((line, i) => (
        <p key={`a${i}`}>
          <Linked line={line} links={links} />
        </p>
      ))}
    </details>
  );
}

/**
 * Log in or register in one form (register_or_login). A member logs in with an address and a
 * password, nothing to tick; only when the server answers that the address is new (4004) does
 * the form ask for the boxes its edition needs (one, or Korea's two, or China's transfer
 * abroad; docs/decisions/0057) and the optional newsletter, and send again to create the
 * account. Without JavaScript it is a plain form post to this page, which answers the same
 * way; with it, the island sends it with fetch, stores the session, fetches the profile and
 * goes to `next`. Errors are said beside their field.
 */
export default function Login(props: LoginProps) {
  const { copy, agreements, links } = props;
  const form = useRef<HTMLFormElement>(null);
  const [visible, setVisible] = useState(false);
  const [state, dispatch, pending] = useActionState(
    async (previous: State, data: FormData): Promise<State> => {
      const creating = previous.creating;
      const agreed = agreements.filter((a) => data.get(agreementField(a.id)) !== null).map((a) => a.id);
      const input = {
        email: String(data.get('email') ?? '').trim(),
        password: String(data.get('password') ?? ''),
        subscribe: data.get('subscribe') !== null,
      };
      const round = previous.round + 1;
      const text = { email: copy.emailInvalid, password: copy.passwordLength };
      const errors: LoginErrors = Object.fromEntries(loginProblems(input).map((field) => [field, text[field]]));
      const unticked = creating ? missingAgreements(agreements.map((a) => a.id), agreed) : [];
      if (unticked.length > 0) errors.agree = Object.fromEntries(unticked.map((id) => [id, agreements.find((a) => a.id === id)!.required]));
      if (Object.keys(errors).length > 0) return { errors, creating, round };
      try {
        const session = await post<{ user_id: string; apptoken: string; reftoken: string; created?: boolean; proofMailed?: boolean }>(
          '/account/user/register_or_login',
          {
            email: input.email,
            password: input.password,
            // Sent only once the form has asked for them: a member's log-in agrees to nothing anew.
            ...(creating ? { agree: agreed, subscribe: input.subscribe } : {}),
            'cf-turnstile-response': captchaToken(data),
          },
          { toast: false },
        );
        saveSession(session);
        // A new member is welcomed on the page they go on to (the header's entry says it).
        if (session.created) flash(session.proofMailed ? `${copy.welcome} ${copy.proofSent}` : copy.welcome);
        // Then the profile (docs/spec/platform.md §4); the session stands even if this one fails.
        await get<Profile>('/account/user/profile', { toast: false }).then(saveUserInfo, () => undefined);
        location.assign(props.next);
        return { errors: {}, creating, round };
      } catch (error) {
        if (!(error instanceof ApiError)) return { errors: { form: props.messages.default }, creating, round };
        if (error.code === CODES.weakPassword) return { errors: { password: error.message }, creating, round };
        // The address is new: ask for the boxes now (the password stays typed in its field).
        if (error.code === CODES.agreement) return { errors: {}, creating: true, round };
        return { errors: { form: error.message }, creating, round };
      }
    },
    { errors: props.errors ?? {}, creating: props.creating ?? false, round: 0 },
  );

  useEffect(() => setMessages(props.messages), [props.messages]);
  // Once the island runs, it says what is wrong itself, in the page's language.
  useEffect(() => {
    if (form.current) form.current.noValidate = true;
  }, []);
  useEffect(() => {
    if (state.round === 0) return;
    const first = state.errors.email ? ID.email : state.errors.password ? ID.password : agreements.find((a) => state.errors.agree?.[a.id]);
    if (typeof first === 'string') document.getElementById(first)?.focus();
    else if (first) document.getElementById(boxId(first.id))?.focus();
    else if (state.errors.form) document.getElementById(ID.form)?.focus();
    // Newly asked for: the notice, then the first box.
    else if (state.creating) document.getElementById(boxId(agreements[0]!.id))?.focus();
  }, [state, agreements]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(() => dispatch(data));
  }

  const { errors, creating } = state;
  const described = (field: string, error: string | undefined, extra?: string) => [error ? errorId(field) : '', extra ?? ''].filter(Boolean).join(' ') || undefined;
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
        <EmailField id={ID.email} defaultValue={values?.email} invalid={Boolean(errors.email)} describedBy={described('email', errors.email)} />
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
            autoComplete={creating ? 'new-password' : 'current-password'}
            required
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={described('password', errors.password, ID.hint)}
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
      {creating ? (
        <fieldset className="agreements" data-agreements={agreements.map((a) => a.id).join(' ')}>
          <legend id={ID.notice}>{copy.newAccount}</legend>
          {/* The form was answered "new address": a plain post says so with this field, so the server tells an unticked box from a first try. */}
          <input type="hidden" name="creating" value="1" />
          {agreements.map((agreement) => {
            const field = agreementField(agreement.id);
            const error = errors.agree?.[agreement.id];
            return (
              <div key={agreement.id} className="field check" data-agreement={agreement.id}>
                <input
                  id={boxId(agreement.id)}
                  name={field}
                  type="checkbox"
                  required
                  defaultChecked={values?.agreed.includes(agreement.id)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={described(field, error)}
                />
                <label htmlFor={boxId(agreement.id)}>
                  <Linked line={agreement.label} links={links} />
                </label>
                <Details agreement={agreement} summary={copy.details} links={links} />
                {error ? (
                  <p id={errorId(field)} className="field-error">
                    {error}
                  </p>
                ) : null}
              </div>
            );
          })}
          <div className="field check">
            <input id="login-subscribe" name="subscribe" type="checkbox" defaultChecked={values?.subscribe} />
            <label htmlFor="login-subscribe">{copy.subscribe}</label>
          </div>
        </fieldset>
      ) : null}
      {props.captcha ? <Captcha {...props.captcha} answered={state.round} /> : null}
      <button type="submit" className="button primary" disabled={pending}>
        {pending ? copy.sending : creating ? copy.create : copy.submit}
      </button>
    </form>
  );
}
